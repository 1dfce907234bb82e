// ConvStudio -> ONNX -> import gives back the same graph and the same weights.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

#include <filesystem>

#include "blocks/shared/pool_window.h"
#include "convstudio/import/onnx_import.h"
#include "convstudio/model/layer_catalog.h"
#include "convstudio/model/project_file.h"
#include "export/onnx_export.h"
#include "io/safetensors_io.h"
#include "trained_model_factory.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

// Every catalog parameter as the block reads it (set or default). A pooling stride of 0 means
// the kernel size, which ONNX spells out: compare the stride the layer uses.
std::map<std::string, std::string> effective_params(const Block& block) {
  std::map<std::string, std::string> values;
  const BlockSpec* spec = LayerCatalog::instance().find(block.type);
  for (const ParamSpec& param : spec->params) {
    auto it = block.params.find(param.name);
    values[param.name] = to_string(it != block.params.end() ? it->second : param.default_value);
  }
  if (block.type == "MaxPool2d" || block.type == "AvgPool2d") {
    values["stride"] = std::to_string(blocks::pool_window(block).stride);
  }
  return values;
}

class OnnxRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxRoundTrip, GivesTheSameGraphAndWeights) {
  const fs::path dir = fs::temp_directory_path() /
                       ("convstudio_round_trip_" + GetParam() + std::to_string(::getpid()));
  fs::create_directories(dir);
  const TrainedModel model =
      testing::random_trained_model(GetParam(), TensorShape::image(3, 32, 32), 5);
  ASSERT_FALSE(OnnxExport::write(model, dir / "model.onnx"));

  const OnnxImportResult result = import_onnx_model(dir / "model.onnx", dir / "p.convstudio");
  ASSERT_TRUE(result.ok()) << result.describe_errors();
  const Graph& imported = result.project.graph;
  ASSERT_EQ(imported.blocks().size(), model.graph.blocks().size());
  for (const Block& original : model.graph.blocks()) {
    const Block* block = imported.find_block(original.id);
    ASSERT_NE(block, nullptr) << original.id;
    EXPECT_EQ(block->type, original.type) << original.id;
    EXPECT_EQ(effective_params(*block), effective_params(original)) << original.id;
    EXPECT_EQ(imported.inputs_of(original.id), model.graph.inputs_of(original.id)) << original.id;
  }

  Result<SafetensorsContent> weights =
      read_safetensors(ProjectFile::weights_file(result.project, dir / "p.convstudio"));
  ASSERT_TRUE(weights.ok());
  std::size_t compared = 0;
  for (const auto& [name, tensor] : model.tensors) {
    if (name.ends_with("num_batches_tracked")) continue;  // not part of an ONNX model
    auto it = weights.value().tensors.find(name);
    ASSERT_NE(it, weights.value().tensors.end()) << name;
    EXPECT_TRUE(torch::equal(it->second, tensor)) << name;
    ++compared;
  }
  EXPECT_GT(compared, 0u);
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Templates, OnnxRoundTrip, ::testing::Values("resnet-small", "lenet5"),
                         [](const auto& test_info) {
                           std::string name = test_info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace convstudio
