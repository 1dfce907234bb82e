// A weights file is checked against the graph before the graph's module is built: a checkpoint
// whose graph (or input shape) was edited to a huge size is refused at the tensor that does not
// fit, without allocating the huge network first (issue 31).

#include "nn/graph_tensors.h"

#include <gtest/gtest.h>

#include "checkpoint/module_tensors.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "export/trained_model.h"
#include "nn/cpu_allocation_meter.h"
#include "nn/graph_module.h"

namespace convstudio {
namespace {

struct TrainedLenet {
  Graph graph;
  NamedTensors tensors;
};

TrainedLenet lenet_at(const TensorShape& input) {
  TemplateInstance lenet = TemplateLibrary::instantiate("lenet5", input, 10);
  EXPECT_TRUE(lenet.graph.has_value());
  GraphModule module(*lenet.graph, ShapeInference::run(*lenet.graph));
  return {*lenet.graph, extract_named_tensors(*module)};
}

TEST(GraphTensors, MatchWhatTheBuiltModuleRegisters) {
  const TrainedLenet lenet = lenet_at(TensorShape::image(3, 32, 32));
  const ModelAnalysis analysis = ShapeInference::run(lenet.graph);
  const auto expected = graph_tensors(lenet.graph, analysis);
  ASSERT_EQ(expected.size(), lenet.tensors.size());
  for (const auto& [name, tensor] : lenet.tensors) {
    ASSERT_TRUE(expected.contains(name)) << name;
    EXPECT_EQ(expected.at(name).shape, tensor.sizes().vec()) << name;
  }
  EXPECT_FALSE(
      check_graph_tensors(lenet.graph, analysis, tensor_shapes(lenet.tensors), "w").has_value());
}

TEST(GraphTensors, AGraphEditedToAHugeInputIsRefusedAtTheTensorWithoutBuildingIt) {
  TrainedLenet lenet = lenet_at(TensorShape::image(1, 28, 28));
  // state.json's input_shape edited: at 1×256×256 the first dense layer alone would be 28 MB.
  PreprocessingContract contract;
  contract.input = TensorShape::image(1, 256, 256);
  CpuAllocationMeter meter;
  Result<TrainedModel> model =
      make_trained_model(lenet.graph, std::move(lenet.tensors), contract, "run/last.ckpt");
  ASSERT_FALSE(model.ok());
  const Error& error = model.error();
  EXPECT_EQ(error.file, "run/last.ckpt");
  EXPECT_FALSE(error.block_id.empty());
  EXPECT_NE(error.message.find(error.block_id + ".weight"), std::string::npos) << error.message;
  EXPECT_NE(error.message.find("but the graph needs"), std::string::npos) << error.message;
  // Nothing of the network's size was allocated: well under the 28 MB of that one layer.
  EXPECT_LT(meter.peak_bytes(), 1 << 20);
}

TEST(GraphTensors, AMissingOrExtraTensorIsNamed) {
  const TrainedLenet lenet = lenet_at(TensorShape::image(1, 28, 28));
  const ModelAnalysis analysis = ShapeInference::run(lenet.graph);
  auto shapes = tensor_shapes(lenet.tensors);
  const std::string removed = shapes.begin()->first;
  shapes.erase(shapes.begin());
  auto missing = check_graph_tensors(lenet.graph, analysis, shapes, "model.safetensors");
  ASSERT_TRUE(missing.has_value());
  EXPECT_NE(missing->message.find(removed), std::string::npos) << missing->message;
  EXPECT_NE(missing->describe().find("model.safetensors"), std::string::npos);

  shapes = tensor_shapes(lenet.tensors);
  shapes["stowaway.weight"] = {1};
  auto extra = check_graph_tensors(lenet.graph, analysis, shapes, "model.safetensors");
  ASSERT_TRUE(extra.has_value());
  EXPECT_NE(extra->message.find("stowaway.weight"), std::string::npos) << extra->message;
}

}  // namespace
}  // namespace convstudio
