// Walks the block registry (not a hand-kept list): for every block type, small graphs built around
// it (block_type_graphs) prove that shape inference, the LibTorch module, TorchScript (loaded back
// in C++ and in Python), the generated PyTorch code and ONNX (OpenCV DNN in C++, onnxruntime in
// Python) agree on shapes, parameter counts and outputs, or that a format refuses the block by
// name. One Python process (tests/interop/check_exports.py) reads every type's files at the end.

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <gtest/gtest.h>
#include <torch/script.h>
#include <opencv2/dnn.hpp>

#include "block_type_graphs.h"
#include "blocks/block_model.h"
#include "blocks/block_torch.h"
#include "checkpoint/module_tensors.h"
#include "convstudio/export/export_compatibility.h"
#include "convstudio/model/shape_inference.h"
#include "export/native_export.h"
#include "export/onnx_export.h"
#include "export/python_export.h"
#include "export/torchscript_export.h"
#include "nn/graph_module.h"
#include "reference_readers.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::max_difference;
using testing::opencv_difference;
using testing::write_floats;
constexpr double kTolerance = 1e-4;

std::vector<std::int64_t> with_batch(std::int64_t batch, const TensorShape& shape) {
  std::vector<std::int64_t> sizes{batch};
  sizes.insert(sizes.end(), shape.dims.begin(), shape.dims.end());
  return sizes;
}

std::string figure(double value) {
  std::ostringstream text;
  text << std::setprecision(2) << value;
  return text.str();
}

// PyTorch's initial weights, except that parameters starting constant (norm weights at 1, their
// biases at 0, which would hide a wrong scale or shift) are moved, and running statistics are far
// from their defaults.
TrainedModel trained_looking_model(const Graph& graph, const ModelAnalysis& analysis) {
  torch::manual_seed(7);
  GraphModule module(graph, analysis);
  torch::NoGradGuard no_grad;
  for (auto& item : module->named_parameters()) {
    torch::Tensor& value = item.value();
    if (value.numel() > 1 && value.min().item<float>() == value.max().item<float>()) {
      value.add_(torch::randn_like(value) * 0.3);
    }
  }
  for (auto& item : module->named_buffers()) {
    torch::Tensor& buffer = item.value();
    if (item.key().ends_with("running_mean")) buffer.copy_(torch::randn_like(buffer) * 0.3);
    if (item.key().ends_with("running_var")) buffer.copy_(torch::rand_like(buffer) + 0.5);
    if (item.key().ends_with("num_batches_tracked")) buffer.fill_(42);
  }
  PreprocessingContract contract;
  contract.input = analysis.input_shape;
  for (std::int64_t c = 0; c < contract.input.channels(); ++c) {
    contract.mean.push_back(0.5f);
    contract.std.push_back(0.25f);
  }
  Result<TrainedModel> model =
      make_trained_model(graph, extract_named_tensors(*module), contract, "test");
  if (!model) throw std::runtime_error(model.error().describe());
  return std::move(model).value();
}

// The logits LibTorch computes in eval mode: the reference every export must match.
torch::Tensor reference_logits(const TrainedModel& model, const torch::Tensor& input) {
  GraphModule module(model.graph, model.analysis);
  if (auto error = apply_named_tensors(*module, model.tensors, "test")) {
    throw std::runtime_error(error->describe());
  }
  module->eval();
  torch::NoGradGuard no_grad;
  return module->forward(input);
}

// The LibTorch module: parameter count and every block's output shape as inference says, in
// training mode; the tensors the exporters name are the ones torch::nn registers, in order.
void expect_module_matches_inference(const Graph& graph, const ModelAnalysis& analysis,
                                     const std::string& block_id) {
  GraphModule module(graph, analysis);
  EXPECT_EQ(module->parameter_count(), analysis.total_params());
  module->train();
  torch::NoGradGuard no_grad;
  const auto outputs = module->forward_all(torch::randn(with_batch(2, analysis.input_shape)));
  for (const BlockAnalysis& block : analysis.blocks) {
    EXPECT_EQ(outputs.at(block.id).sizes().vec(), with_batch(2, block.output_shape)) << block.id;
  }
  const Block& block = *graph.find_block(block_id);
  std::vector<std::string> registered;
  for (const auto& item : module->named_parameters()) {
    if (item.key().starts_with(block_id + ".")) registered.push_back(item.key());
  }
  for (const auto& item : module->named_buffers()) {
    if (item.key().starts_with(block_id + ".")) registered.push_back(item.key());
  }
  std::vector<std::string> named;
  const blocks::BlockTorch& torch_half = blocks::block_torch(block.type);
  if (torch_half.tensors != nullptr) {
    // Their shapes too: a weights file is checked against these before the module is built.
    const auto parameters = module->named_parameters();
    const auto buffers = module->named_buffers();
    for (const blocks::BlockTensor& tensor : torch_half.tensors(block, *analysis.find(block_id))) {
      const std::string name = block_id + "." + tensor.name;
      named.push_back(name);
      EXPECT_EQ(tensor.buffer, buffers.contains(name));
      const torch::Tensor* built = tensor.buffer ? buffers.find(name) : parameters.find(name);
      ASSERT_NE(built, nullptr) << name;
      EXPECT_EQ(built->sizes().vec(), tensor.shape) << name;
    }
  }
  EXPECT_EQ(named, registered);
}

// A format that cannot express the block says so at the block, naming its type.
void expect_refused_by_name(const CompatibilityReport& report, const Block& block) {
  ASSERT_FALSE(report.refusals.empty());
  for (const Error& refusal : report.refusals) {
    EXPECT_EQ(refusal.block_id, block.id) << refusal.message;
    EXPECT_TRUE(refusal.message.starts_with(block.type + ": ")) << refusal.message;
  }
}

TEST(EveryBlockType, HasBothHalvesWithEveryBackend) {
  for (const blocks::BlockModel& model : blocks::block_models()) {
    SCOPED_TRACE(model.spec.type);
    EXPECT_NE(model.infer, nullptr);
    EXPECT_FALSE(model.spec.doc.empty());
    for (const ParamSpec& param : model.spec.params) {
      EXPECT_FALSE(param.label.empty()) << param.name;
      EXPECT_FALSE(param.doc.empty()) << param.name;
    }
    const blocks::BlockTorch& torch_half = blocks::block_torch(model.spec.type);
    EXPECT_NE(torch_half.build, nullptr);
    EXPECT_NE(torch_half.torchscript, nullptr);
    EXPECT_NE(torch_half.python, nullptr);
    EXPECT_NE(torch_half.onnx, nullptr);
    EXPECT_NE(torch_half.onnx_target, nullptr);
    EXPECT_FALSE(torch_half.torchscript_target.empty());
    EXPECT_FALSE(torch_half.python_target.empty());
    // A block that owns tensors is an nn.Module in the generated code too.
    EXPECT_EQ(torch_half.tensors != nullptr, torch_half.python_layer != nullptr);
  }
}

TEST(EveryBlockType, InferenceLibTorchTorchScriptPythonAndOnnxAgree) {
  const fs::path dir =
      fs::temp_directory_path() / ("convstudio-block-types-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::vector<testing::BlockTypeGraph> graphs =
      testing::block_type_graphs({3, 10, 10}, 1, 20260101);
  nlohmann::json manifest = nlohmann::json::array();
  std::map<std::string, std::map<std::string, std::string>> table;  // case -> reader -> figure
  for (const testing::BlockTypeGraph& test : graphs) {
    SCOPED_TRACE(test.name);
    const ModelAnalysis analysis = ShapeInference::run(test.graph);
    ASSERT_TRUE(analysis.ok()) << analysis.errors.front().message;
    expect_module_matches_inference(test.graph, analysis, test.block_id);
    const TrainedModel model = trained_looking_model(test.graph, analysis);
    torch::manual_seed(11);
    // Wide enough to reach every activation's saturated and linear ranges.
    const torch::Tensor input = torch::randn(with_batch(3, analysis.input_shape)) * 4;
    const torch::Tensor expected = reference_logits(model, input);
    const Block& block = *test.graph.find_block(test.block_id);
    const fs::path base = dir / test.name;
    nlohmann::json entry = {{"name", test.name},
                            {"input_shape", input.sizes().vec()},
                            {"output_shape", expected.sizes().vec()},
                            {"input", test.name + ".input.f32"},
                            {"expected", test.name + ".expected.f32"},
                            {"safetensors", test.name + ".safetensors"},
                            {"contract", model.contract.to_json()}};
    write_floats(base.string() + ".input.f32", input);
    write_floats(base.string() + ".expected.f32", expected);
    ASSERT_FALSE(
        NativeExport::write(model, base.string() + ".safetensors", base.string() + ".json"));

    for (ExportFormat format : {ExportFormat::TorchScript, ExportFormat::Python}) {
      const CompatibilityReport report = ExportCompatibility::check(test.graph, analysis, format);
      ASSERT_TRUE(report.ok()) << report.describe();
    }
    const fs::path pt = base.string() + ".pt";
    if (auto error = TorchScriptExport::write(model, pt)) FAIL() << error->describe();
    torch::jit::Module loaded = torch::jit::load(pt.string());
    const double torchscript = max_difference(loaded.forward({input}).toTensor(), expected);
    EXPECT_LE(torchscript, kTolerance);
    table[test.name]["torchscript_cpp"] = figure(torchscript);
    entry["torchscript"] = pt.filename().string();
    ASSERT_FALSE(PythonExport::write(model, base.string() + "_model.py",
                                     base.string() + "_model.safetensors"));
    entry["python"] = test.name + "_model.py";

    const CompatibilityReport onnx =
        ExportCompatibility::check(test.graph, analysis, ExportFormat::Onnx);
    if (onnx.ok()) {
      const fs::path file = base.string() + ".onnx";
      ASSERT_FALSE(OnnxExport::write(model, file));
      EXPECT_FALSE(OnnxExport::check_file(file));
      const double opencv = opencv_difference(file, input, expected);
      EXPECT_LE(opencv, kTolerance);
      table[test.name]["opencv_dnn"] = figure(opencv);
      entry["onnx"] = file.filename().string();
    } else {
      expect_refused_by_name(onnx, block);
      table[test.name]["onnx"] = "refused: " + onnx.refusals.front().message;
      entry["onnx"] = nullptr;
    }
    manifest.push_back(entry);
  }
  std::ofstream(dir / "manifest.json") << manifest.dump(2);

  // One Python process for every case: torch.jit.load, onnx.checker, onnxruntime, safetensors
  // and the generated code.
  const fs::path log = dir / "python.log";
  const std::string command = std::string(CONVSTUDIO_PYTHON) + " " + CONVSTUDIO_CHECK_EXPORTS +
                              " " + dir.string() + " > " + log.string() + " 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream log_stream(log);
  const std::string python_output{std::istreambuf_iterator<char>(log_stream), {}};
  ASSERT_EQ(status, 0) << python_output;
  std::ifstream results_stream(dir / "python_results.json");
  const nlohmann::json results = nlohmann::json::parse(results_stream);
  for (auto& [name, readers] : results.items()) {
    for (auto& [reader, difference] : readers.items()) {
      table[name][reader] = figure(difference.get<double>());
    }
  }
  std::cout << "max abs difference from LibTorch, per block type and reader:\n";
  for (const auto& [name, readers] : table) {
    std::cout << "  " << std::left << std::setw(28) << name;
    for (const auto& [reader, figure] : readers) std::cout << " " << reader << "=" << figure;
    std::cout << "\n";
  }
  if (!HasFailure()) fs::remove_all(dir);
}

}  // namespace
}  // namespace convstudio
