// Models written in PyTorch, exported by torch.onnx.export (dynamo and TorchScript-based), imported
// as projects: same parameter count as PyTorch, same answers as onnxruntime.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <iomanip>
#include <iostream>
#include <set>

#include "checkpoint/module_tensors.h"
#include "convstudio/import/onnx_import.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "io/safetensors_io.h"
#include "nn/graph_module.h"
#include "pytorch_models.h"
#include "reference_readers.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::max_difference;
using testing::pytorch_models;

constexpr double kTolerance = 1e-4;

class OnnxImport : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("convstudio_import_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" +
            std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }
  fs::path dir_;
};

// The imported project run by LibTorch: its Output block applies softmax when the original did.
torch::Tensor run_project(const fs::path& project_file, const torch::Tensor& input) {
  ProjectLoadResult loaded = ProjectFile::load(project_file);
  EXPECT_TRUE(loaded.ok());
  const Project& project = *loaded.project;
  Result<SafetensorsContent> weights =
      read_safetensors(ProjectFile::weights_file(project, project_file));
  EXPECT_TRUE(weights.ok());
  const ModelAnalysis analysis = ShapeInference::run(project.graph);
  EXPECT_TRUE(analysis.ok());
  GraphModule module(project.graph, analysis);
  EXPECT_FALSE(apply_named_tensors(*module, weights.value().tensors, project_file.string()));
  module->eval();
  torch::NoGradGuard no_grad;
  return module->predict(input);
}

TEST_F(OnnxImport, PyTorchModelsKeepTheirParameterCountAndAnswers) {
  const auto& models = pytorch_models();
  ASSERT_FALSE(models.empty());
  int imported = 0;
  std::cout
      << "model                          params(PyTorch) params(imported) max|ours-onnxruntime|\n";
  for (const auto& model : models) {
    if (model.refused) continue;
    SCOPED_TRACE(model.name);
    const fs::path project = dir_ / (model.name + ".convstudio");
    const OnnxImportResult result = import_onnx_model(model.onnx, project);
    ASSERT_TRUE(result.ok()) << result.describe_errors();
    EXPECT_EQ(result.parameter_count, model.parameters);
    const double difference = max_difference(run_project(project, model.input), model.expected);
    EXPECT_LE(difference, kTolerance);
    std::cout << "  " << std::left << std::setw(30) << model.name << std::setw(16)
              << model.parameters << std::setw(17) << result.parameter_count << difference
              << (model.external_data ? "  (weights in .onnx.data)" : "") << "\n";
    ++imported;
  }
  EXPECT_EQ(imported, 16);  // eight models, two exporters each
}

TEST_F(OnnxImport, DynamoExportsKeepTheirWeightsInExternalDataFiles) {
  for (const auto& model : pytorch_models()) {
    if (model.name.ends_with("_dynamo")) {
      EXPECT_TRUE(model.external_data) << model.name;
    }
  }
  // Without the data file beside it, the model cannot be read, and the error names the file.
  const auto& model = pytorch_models().front();
  ASSERT_TRUE(model.external_data);
  fs::copy_file(model.onnx, dir_ / "alone.onnx");
  const OnnxImportResult result = import_onnx_model(dir_ / "alone.onnx", dir_ / "p.convstudio");
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.describe_errors().find(".onnx.data"), std::string::npos)
      << result.describe_errors();
  EXPECT_FALSE(fs::exists(dir_ / "p.convstudio"));
}

TEST_F(OnnxImport, RefusedModelNamesItsNodeAndWritesNothing) {
  int refused = 0;
  for (const auto& model : pytorch_models()) {
    if (!model.refused) continue;
    SCOPED_TRACE(model.name);
    const fs::path project = dir_ / (model.name + ".convstudio");
    const OnnxImportResult result = import_onnx_model(model.onnx, project);
    ASSERT_FALSE(result.ok());
    ASSERT_EQ(result.errors.size(), 1u) << result.describe_errors();
    EXPECT_EQ(result.errors.front().block_type, "Resize");
    EXPECT_FALSE(result.errors.front().block_id.empty());
    EXPECT_NE(result.describe_errors().find("not supported"), std::string::npos);
    EXPECT_FALSE(fs::exists(project));
    EXPECT_FALSE(fs::exists(ProjectFile::default_weights_file(project)));
    ++refused;
  }
  EXPECT_EQ(refused, 2);
}

TEST_F(OnnxImport, ImportedLayoutPutsBranchesSideBySide) {
  for (const auto& model : pytorch_models()) {
    if (model.name != "resnet_like_torchscript") continue;
    const OnnxImportResult result = check_onnx_import(model.onnx);
    ASSERT_TRUE(result.ok()) << result.describe_errors();
    std::set<std::pair<double, double>> places;
    bool side_branch = false;
    for (const Block& block : result.project.graph.blocks()) {
      EXPECT_TRUE(places.insert({block.x, block.y}).second) << block.id << " overlaps";
      side_branch = side_branch || block.x > 0;
    }
    EXPECT_TRUE(side_branch);
  }
}

}  // namespace
}  // namespace convstudio
