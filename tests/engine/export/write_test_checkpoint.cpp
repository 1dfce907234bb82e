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
    const TrainedModel model = testing::random_trained_model(*instance.graph, input);
    testing::save_as_checkpoint(model, argv[4]);
  } catch (const std::exception& error) {
    std::cerr << error.what() << "\n";
    return 1;
  }
  std::cout << "wrote " << argv[4] << "\n";
  return 0;
}
