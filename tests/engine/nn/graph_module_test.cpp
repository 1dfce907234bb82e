#include "nn/graph_module.h"

#include <gtest/gtest.h>

#include "convstudio/model/random_graph_generator.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"

namespace convstudio {
namespace {

std::vector<std::int64_t> with_batch(std::int64_t batch, const TensorShape& shape) {
  std::vector<std::int64_t> sizes{batch};
  sizes.insert(sizes.end(), shape.dims.begin(), shape.dims.end());
  return sizes;
}

// Builds the graph, runs a batch through it and checks every block's output shape and the
// parameter count against shape inference.
void expect_builder_agrees_with_inference(const Graph& graph, const TensorShape& input,
                                          const std::string& label) {
  const ModelAnalysis analysis = ShapeInference::run(graph, input);
  ASSERT_TRUE(analysis.ok()) << label << ": " << analysis.errors.front().message;
  GraphModule module(graph, analysis);
  EXPECT_EQ(module->parameter_count(), analysis.total_params()) << label;

  module->train();  // dropout and batch norm in training mode: the shapes must still agree
  torch::NoGradGuard no_grad;
  const auto outputs = module->forward_all(torch::randn(with_batch(2, input)));
  for (const BlockAnalysis& block : analysis.blocks) {
    ASSERT_TRUE(outputs.count(block.id)) << label << ": " << block.id;
    EXPECT_EQ(outputs.at(block.id).sizes().vec(), with_batch(2, block.output_shape))
        << label << ": block " << block.id << " (" << block.type << ")";
  }
}

TEST(GraphModule, EveryTemplateMatchesInferenceOnGreyAndColourInputs) {
  for (const TemplateInfo& info : TemplateLibrary::list()) {
    // A U-Net's sides halve three times and come back: 28 is not a multiple of 8.
    const bool unet = info.task == ProjectTask::Segmentation;
    for (const TensorShape& input :
         {unet ? TensorShape::image(1, 32, 32) : TensorShape::image(1, 28, 28),
          unet ? TensorShape::image(3, 64, 64) : TensorShape::image(3, 32, 32)}) {
      TemplateInstance instance = TemplateLibrary::instantiate(info.name, input, 10);
      ASSERT_TRUE(instance.graph.has_value()) << info.name;
      expect_builder_agrees_with_inference(*instance.graph, input,
                                           info.name + " @ " + input.to_string());
    }
  }
}

TEST(GraphModule, LeNet5OnColourImagesHasThePyTorchTutorialParameterCount) {
  TemplateInstance lenet =
      TemplateLibrary::instantiate("lenet5", TensorShape::image(3, 32, 32), 10);
  ASSERT_TRUE(lenet.graph.has_value());
  GraphModule module(*lenet.graph, ShapeInference::run(*lenet.graph));
  EXPECT_EQ(module->parameter_count(), 62006);  // the seed article's Net, as PyTorch counts it
  std::vector<std::string> names;
  for (const auto& item : module->named_parameters()) names.push_back(item.key());
  EXPECT_NE(std::find(names.begin(), names.end(), "conv1.weight"), names.end());
}

TEST(GraphModule, TwoHundredRandomValidGraphsMatchInference) {
  RandomGraphGenerator generator(20261121);
  for (int i = 0; i < 200; ++i) {
    Graph graph = generator.next();
    expect_builder_agrees_with_inference(graph, generator.last_input(),
                                         "random graph " + std::to_string(i));
    if (HasFatalFailure() || HasNonfatalFailure()) return;
  }
}

TEST(GraphModule, PredictAppliesTemperatureSoftmax) {
  TemplateInstance lenet =
      TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10);
  ASSERT_TRUE(lenet.graph.has_value());
  GraphModule module(*lenet.graph, ShapeInference::run(*lenet.graph));
  module->eval();
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({4, 1, 28, 28});
  torch::Tensor logits = module->forward(x);
  torch::Tensor probs = module->predict(x, 0.6);
  EXPECT_TRUE(torch::allclose(probs, torch::softmax(logits / 0.6, 1)));
  EXPECT_TRUE(torch::allclose(probs.sum(1), torch::ones({4})));
}

TEST(GraphModule, RefusesAGraphWithErrors) {
  Graph graph;
  graph.add_block("Conv2d");
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_FALSE(analysis.ok());
  EXPECT_THROW(GraphModule(graph, analysis), std::invalid_argument);
}

// Grey images (one channel): NCHW strides also count as channels-last then, and LibTorch picks a
// convolution's output layout by strides; the stem must still turn channels-last, or its
// BatchNorm, ReLU and the first residual stay NCHW while the convolutions after them do not.
TEST(GraphModule, ChannelsLastReachesTheStemOfAGreyImageModel) {
  TemplateInstance instance =
      TemplateLibrary::instantiate("resnet-small", TensorShape::image(1, 16, 16), 10);
  GraphModule module(*instance.graph, ShapeInference::run(*instance.graph));
  module->set_channels_last(true);
  torch::NoGradGuard no_grad;
  std::map<std::string, torch::Tensor> outputs = module->forward_all(torch::randn({4, 1, 16, 16}));
  for (const std::string id : {"stem_conv", "stem_bn", "stem_relu", "s1_add"}) {
    EXPECT_EQ(outputs.at(id).suggest_memory_format(), at::MemoryFormat::ChannelsLast) << id;
  }
  module->set_channels_last(false);
  outputs = module->forward_all(torch::randn({4, 1, 16, 16}));
  for (const std::string id : {"stem_conv", "s1_add"}) {
    EXPECT_EQ(outputs.at(id).suggest_memory_format(), at::MemoryFormat::Contiguous) << id;
  }
}

}  // namespace
}  // namespace convstudio
