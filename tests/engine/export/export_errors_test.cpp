// Refusals and broken inputs: the compatibility check names blocks, and corrupt or truncated
// safetensors, ONNX and project inputs give clear errors instead of crashes or broken files.

#include <unistd.h>

#include <fstream>

#include <gtest/gtest.h>

#include "convstudio/export/export_compatibility.h"
#include "convstudio/export/inference_model.h"
#include "convstudio/export/model_export.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "export/native_export.h"
#include "export/onnx_export.h"
#include "io/safetensors_io.h"
#include "trained_model_factory.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

class ExportErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("convstudio-export-errors-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  static std::string read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  static void write(const fs::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary) << bytes;
  }

  fs::path dir_;
};

Graph lenet() {
  return *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
}

TEST(ExportCompatibility, RefusesIdsThatAreNotPythonIdentifiersOnlyForPythonAndTorchScript) {
  Graph graph = lenet();
  ASSERT_TRUE(graph.rename_block("conv1", "conv-1"));
  const ModelAnalysis analysis = ShapeInference::run(graph);
  for (ExportFormat format : {ExportFormat::TorchScript, ExportFormat::Python}) {
    const CompatibilityReport report = ExportCompatibility::check(graph, analysis, format);
    ASSERT_EQ(report.refusals.size(), 1u);
    EXPECT_EQ(report.refusals[0].block_id, "conv-1");
    EXPECT_NE(report.refusals[0].message.find("not a Python identifier"), std::string::npos);
  }
  EXPECT_TRUE(ExportCompatibility::check(graph, analysis, ExportFormat::Onnx).ok());
  EXPECT_TRUE(ExportCompatibility::check(graph, analysis, ExportFormat::Safetensors).ok());
}

TEST(ExportCompatibility, RefusesAdaptivePoolingOnnxCannotExpress) {
  Graph graph =
      *TemplateLibrary::instantiate("resnet-small", TensorShape::image(1, 28, 28), 10).graph;
  ASSERT_TRUE(graph.set_param("gap", "output_size", std::int64_t{3}));  // 7×7 is not 3 windows
  graph.set_param("output", "classes", std::int64_t{10});
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_TRUE(analysis.ok());
  const CompatibilityReport onnx = ExportCompatibility::check(graph, analysis, ExportFormat::Onnx);
  ASSERT_EQ(onnx.refusals.size(), 1u);
  EXPECT_EQ(onnx.refusals[0].block_id, "gap");
  EXPECT_NE(onnx.describe().find("gap (AdaptiveAvgPool2d) -> REFUSED"), std::string::npos);
  EXPECT_TRUE(ExportCompatibility::check(graph, analysis, ExportFormat::TorchScript).ok());
}

TEST(ExportCompatibility, ListsWhatEveryBlockBecomes) {
  const Graph graph = lenet();
  const CompatibilityReport report =
      ExportCompatibility::check(graph, ShapeInference::run(graph), ExportFormat::Onnx);
  EXPECT_TRUE(report.ok());
  EXPECT_EQ(report.opset, kOnnxOpset);
  EXPECT_EQ(report.blocks.size(), graph.blocks().size());
  EXPECT_NE(report.describe().find("conv1 (Conv2d) -> Conv (kernel_shape"), std::string::npos);
}

TEST_F(ExportErrors, RefusedExportWritesNothingAndNamesTheBlock) {
  Graph graph = lenet();
  ASSERT_TRUE(graph.rename_block("fc1", "class"));
  const TrainedModel model = testing::random_trained_model(graph, TensorShape::image(1, 28, 28));
  testing::save_as_checkpoint(model, dir_ / "m.ckpt");
  const ExportResult result =
      export_checkpoint(dir_ / "m.ckpt", ExportFormat::TorchScript, dir_ / "m.pt");
  ASSERT_TRUE(result.error);
  EXPECT_TRUE(result.input_error);
  EXPECT_NE(result.error->describe().find("class: Linear: the id 'class' is a Python"),
            std::string::npos)
      << result.error->describe();
  EXPECT_FALSE(fs::exists(dir_ / "m.pt"));
}

TEST_F(ExportErrors, TruncatedNativeModelNamesFileAndProblem) {
  const TrainedModel model = testing::random_trained_model("lenet5", TensorShape::image(1, 28, 28));
  ASSERT_FALSE(NativeExport::write(model, dir_ / "m.safetensors", {}));
  const std::string bytes = read(dir_ / "m.safetensors");
  write(dir_ / "cut.safetensors", bytes.substr(0, bytes.size() - 100));
  Result<TrainedModel> cut = NativeExport::read(dir_ / "cut.safetensors");
  ASSERT_FALSE(cut);
  EXPECT_NE(cut.error().describe().find("cut.safetensors"), std::string::npos);
  write(dir_ / "header.safetensors", std::string("\xff\xff\xff\xff\xff\xff\xff\x7f", 8) + "{}");
  Result<TrainedModel> header = NativeExport::read(dir_ / "header.safetensors");
  ASSERT_FALSE(header);
  EXPECT_TRUE(header.error().offset.has_value()) << header.error().describe();
  const InferenceModelLoad load = InferenceModel::load(dir_ / "cut.safetensors");
  EXPECT_EQ(load.model, nullptr);
  ASSERT_TRUE(load.error);
  EXPECT_NE(load.error->file.find("cut.safetensors"), std::string::npos);
}

TEST_F(ExportErrors, SafetensorsWithoutOurMetadataIsRefused) {
  TrainedModel model = testing::random_trained_model("lenet5", TensorShape::image(1, 28, 28));
  ASSERT_FALSE(NativeExport::write(model, dir_ / "m.safetensors", {}));
  // Same tensors, but the wrong shape for one of them: refused by name, not loaded.
  model.tensors["conv1.weight"] = torch::zeros({3, 1, 5, 5});
  SafetensorsContent content{
      model.tensors,
      {{"format", "convstudio-model"}, {"version", "1"}, {"graph", "{}"}, {"preprocessing", "{}"}}};
  ASSERT_FALSE(write_safetensors(dir_ / "bad.safetensors", SafetensorsContent{model.tensors, {}}));
  Result<TrainedModel> plain = NativeExport::read(dir_ / "bad.safetensors");
  ASSERT_FALSE(plain);
  EXPECT_NE(plain.error().message.find("not a ConvStudio model export"), std::string::npos);
  ASSERT_FALSE(write_safetensors(dir_ / "meta.safetensors", content));
  Result<TrainedModel> meta = NativeExport::read(dir_ / "meta.safetensors");
  ASSERT_FALSE(meta);
  EXPECT_NE(meta.error().message.find("metadata"), std::string::npos) << meta.error().describe();
}

TEST_F(ExportErrors, CorruptOnnxFailsTheCheckWithTheFileName) {
  const TrainedModel model = testing::random_trained_model("lenet5", TensorShape::image(1, 28, 28));
  ASSERT_FALSE(OnnxExport::write(model, dir_ / "m.onnx"));
  EXPECT_FALSE(OnnxExport::check_file(dir_ / "m.onnx"));
  const std::string bytes = read(dir_ / "m.onnx");
  write(dir_ / "cut.onnx", bytes.substr(0, bytes.size() / 2));
  const std::optional<Error> error = OnnxExport::check_file(dir_ / "cut.onnx");
  ASSERT_TRUE(error);
  EXPECT_NE(error->describe().find("cut.onnx"), std::string::npos);
}

TEST_F(ExportErrors, CheckpointWithBrokenProjectGivesTheProjectError) {
  const TrainedModel model = testing::random_trained_model("lenet5", TensorShape::image(1, 28, 28));
  testing::save_as_checkpoint(model, dir_ / "m.ckpt");
  nlohmann::json state = nlohmann::json::parse(read(dir_ / "m.ckpt" / "state.json"));
  state["config"]["project"]["graph"]["blocks"][1]["params"]["kernel"] = "five";
  write(dir_ / "m.ckpt" / "state.json", state.dump());
  const ExportResult result =
      export_checkpoint(dir_ / "m.ckpt", ExportFormat::Onnx, dir_ / "m.onnx");
  ASSERT_TRUE(result.error);
  EXPECT_TRUE(result.input_error);
  // The place is the field inside the checkpoint's state.json.
  EXPECT_NE(result.error->file.find("state.json"), std::string::npos) << result.error->describe();
  EXPECT_EQ(result.error->field, "config.project.graph.blocks[1].params.kernel")
      << result.error->describe();
  EXPECT_NE(result.error->message.find("its project"), std::string::npos);
  write(dir_ / "m.ckpt" / "state.json", "{ not json");
  const InferenceModelLoad load = InferenceModel::load(dir_ / "m.ckpt");
  EXPECT_EQ(load.model, nullptr);
  ASSERT_TRUE(load.error);
  EXPECT_NE(load.error->file.find("state.json"), std::string::npos) << load.error->describe();
}

TEST_F(ExportErrors, GarbageTorchScriptFileIsAnErrorNotACrash) {
  write(dir_ / "m.pt", "not a zip archive");
  const InferenceModelLoad load = InferenceModel::load(dir_ / "m.pt");
  EXPECT_EQ(load.model, nullptr);
  ASSERT_TRUE(load.error);
  EXPECT_NE(load.error->file.find("m.pt"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
