// Writes a trained-looking checkpoint of a template (seeded weights, BatchNorm statistics far
// from their defaults) for the CLI scripts that need one without training: a segmentation model
// before mask data sets can train one, for instance.
// Usage: write_test_checkpoint TEMPLATE C×H×W|CxHxW CLASSES OUT.ckpt

#include <cstdlib>
#include <iostream>

#include "convstudio/model/template_library.h"
#include "trained_model_factory.h"

int main(int argc, char** argv) {
  using namespace convstudio;
  if (argc != 5) {
    std::cerr << "usage: write_test_checkpoint TEMPLATE CxHxW CLASSES OUT.ckpt\n";
    return 2;
  }
  const TensorShape input = TensorShape::parse(argv[2]);
  const TemplateInstance instance =
      TemplateLibrary::instantiate(argv[1], input, std::atoll(argv[3]));
  if (!instance.graph) {
    std::cerr << instance.errors.front().describe() << "\n";
    return 2;
  }
  try {
    TrainedModel model = testing::random_trained_model(*instance.graph, input);
    // unet-small's 1×1 head with rows summing to zero: the pixels' differences choose the class,
    // so a random model draws several rather than one everywhere.
    if (model.has("head", "weight")) {
      torch::Tensor& head = model.tensors.at("head.weight");
      head.sub_(head.mean(1, /*keepdim=*/true));
    }
    testing::save_as_checkpoint(model, argv[4]);
  } catch (const std::exception& error) {
    std::cerr << error.what() << "\n";
    return 1;
  }
  std::cout << "wrote " << argv[4] << "\n";
  return 0;
}
