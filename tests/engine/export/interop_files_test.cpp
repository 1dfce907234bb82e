// Writes every export of every template (and of a graph wiring many block types together) with
// fixed inputs and LibTorch's reference logits into CONVSTUDIO_INTEROP_DIR, then checks the C++
// readers: torch::jit::load, cv::dnn::readNetFromONNX, onnx::checker and our native reader.
// tests/interop/check_exports.py checks the Python readers on the same files afterwards.

#include <cstdlib>
#include <fstream>
#include <iostream>

#include <gtest/gtest.h>
#include <torch/script.h>
#include <opencv2/dnn.hpp>

#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "export/native_export.h"
#include "export/onnx_export.h"
#include "export/python_export.h"
#include "export/torchscript_export.h"
#include "reference_readers.h"
#include "trained_model_factory.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::max_difference;
using testing::opencv_difference;
using testing::write_floats;
constexpr double kTolerance = 1e-4;

struct Case {
  std::string name;
  TrainedModel model;
  bool opencv = true;
};

// Many block types wired together: 'same' padding with an odd total (asymmetric), both branches
// of a Concat and an Add, activations, pools with padding, dropout of both kinds. Each type on
// its own, new ones included, is checked by tests/engine/blocks (it walks the block registry).
Graph every_block_graph() {
  Graph g;
  auto add = [&](const char* type, std::vector<std::string> from,
                 std::vector<std::pair<const char*, ParamValue>> params = {}) {
    const std::string id = g.add_block(type);
    for (auto& [name, value] : params) g.set_param(id, name, value);
    for (std::size_t port = 0; port < from.size(); ++port) {
      if (auto error = g.connect({from[port], id, static_cast<int>(port)})) {
        throw std::runtime_error(error->message);
      }
    }
    return id;
  };
  const auto in = add("Input", {});
  const auto conv = add("Conv2d", {in},
                        {{"out_channels", std::int64_t{8}},
                         {"kernel", std::int64_t{4}},
                         {"padding_mode", std::string("same")}});
  const auto bn = add("BatchNorm2d", {conv}, {{"eps", 1e-3}, {"momentum", 0.2}});
  const auto lrelu = add("LeakyReLU", {bn}, {{"negative_slope", 0.2}});
  const auto gelu = add("GELU", {lrelu});
  const auto silu = add("SiLU", {lrelu});
  const auto cat = add("Concat", {gelu, silu});
  const auto max =
      add("MaxPool2d", {cat},
          {{"kernel", std::int64_t{3}}, {"stride", std::int64_t{2}}, {"padding", std::int64_t{1}}});
  const auto conv2 = add("Conv2d", {max},
                         {{"out_channels", std::int64_t{8}},
                          {"kernel", std::int64_t{3}},
                          {"padding", std::int64_t{2}},
                          {"dilation", std::int64_t{2}},
                          {"groups", std::int64_t{2}}});
  const auto sig = add("Sigmoid", {conv2});
  const auto tanh = add("Tanh", {conv2});
  const auto sum = add("Add", {sig, tanh, conv2});
  const auto avg =
      add("AvgPool2d", {sum},
          {{"kernel", std::int64_t{3}}, {"stride", std::int64_t{1}}, {"padding", std::int64_t{1}}});
  const auto drop2 = add("Dropout2d", {avg}, {{"p", 0.3}});
  const auto gap = add("AdaptiveAvgPool2d", {drop2}, {{"output_size", std::int64_t{2}}});
  const auto flat = add("Flatten", {gap});
  const auto fc = add("Linear", {flat}, {{"out_features", std::int64_t{12}}, {"bias", false}});
  const auto relu = add("ReLU", {fc});
  const auto drop = add("Dropout", {relu}, {{"p", 0.5}});
  add("Output", {drop}, {{"classes", std::int64_t{5}}});
  return g;
}

TEST(InteropFiles, EveryFormatOfEveryTemplateMatchesLibTorchInCpp) {
  const char* dir_text = std::getenv("CONVSTUDIO_INTEROP_DIR");
  ASSERT_NE(dir_text, nullptr) << "set CONVSTUDIO_INTEROP_DIR (ctest does)";
  const fs::path dir = dir_text;
  fs::remove_all(dir);
  fs::create_directories(dir);

  std::vector<Case> cases;
  cases.push_back(
      {"lenet5", testing::random_trained_model("lenet5", TensorShape::image(1, 28, 28))});
  cases.push_back(
      {"vgg-small", testing::random_trained_model("vgg-small", TensorShape::image(1, 28, 28))});
  cases.push_back({"resnet-small",
                   testing::random_trained_model("resnet-small", TensorShape::image(3, 32, 32))});
  cases.push_back({"mobilenet-small", testing::random_trained_model(
                                          "mobilenet-small", TensorShape::image(1, 28, 28))});
  // Issue 38: a segmentation model's N×C×H×W logits, read by every reader as a classifier's.
  const TensorShape unet_input = TensorShape::image(3, 64, 64);
  cases.push_back(
      {"unet-small",
       testing::random_trained_model(
           *TemplateLibrary::instantiate("unet-small", unet_input, 3).graph, unet_input)});
  cases.push_back(
      {"every-block",
       testing::random_trained_model(every_block_graph(), TensorShape::image(3, 16, 16)), true});

  nlohmann::json manifest = nlohmann::json::array();
  nlohmann::json results = nlohmann::json::object();
  torch::manual_seed(123);
  for (Case& c : cases) {
    SCOPED_TRACE(c.name);
    const TensorShape& shape = c.model.contract.input;
    const torch::Tensor input = torch::randn({3, shape.channels(), shape.height(), shape.width()});
    const torch::Tensor expected = testing::reference_logits(c.model, input);
    const fs::path base = dir / c.name;
    write_floats(base.string() + ".input.f32", input);
    write_floats(base.string() + ".expected.f32", expected);
    const fs::path pt = base.string() + ".pt", onnx = base.string() + ".onnx",
                   native = base.string() + ".safetensors", graph = base.string() + ".json",
                   py = base.string() + "_model.py",
                   py_weights = base.string() + "_model.safetensors";
    ASSERT_FALSE(TorchScriptExport::write(c.model, pt));
    ASSERT_FALSE(OnnxExport::write(c.model, onnx));
    ASSERT_FALSE(NativeExport::write(c.model, native, graph));
    ASSERT_FALSE(PythonExport::write(c.model, py, py_weights));

    nlohmann::json result;
    torch::jit::Module loaded = torch::jit::load(pt.string());
    EXPECT_FALSE(loaded.is_training());
    result["torchscript_cpp"] = max_difference(loaded.forward({input}).toTensor(), expected);
    EXPECT_FALSE(OnnxExport::check_file(onnx));
    if (c.opencv) result["opencv_dnn"] = opencv_difference(onnx, input, expected);
    Result<TrainedModel> reread = NativeExport::read(native);
    ASSERT_TRUE(reread) << reread.error().describe();
    EXPECT_EQ(reread.value().contract, c.model.contract);
    result["native_cpp"] =
        max_difference(testing::reference_logits(reread.value(), input), expected);
    for (auto& [reader, difference] : result.items()) {
      EXPECT_LE(difference.get<double>(), kTolerance) << reader;
    }
    result["bytes"] = {{"torchscript", fs::file_size(pt)},
                       {"onnx", fs::file_size(onnx)},
                       {"safetensors", fs::file_size(native)},
                       {"graph_json", fs::file_size(graph)},
                       {"python", fs::file_size(py)}};
    results[c.name] = result;
    manifest.push_back({{"name", c.name},
                        {"input_shape", input.sizes().vec()},
                        {"output_shape", expected.sizes().vec()},
                        {"input", base.filename().string() + ".input.f32"},
                        {"expected", base.filename().string() + ".expected.f32"},
                        {"torchscript", pt.filename().string()},
                        {"onnx", onnx.filename().string()},
                        {"safetensors", native.filename().string()},
                        {"python", py.filename().string()},
                        {"contract", c.model.contract.to_json()}});
  }
  std::ofstream(dir / "manifest.json") << manifest.dump(2);
  std::ofstream(dir / "cpp_results.json") << results.dump(2);
  std::cout << results.dump(2) << "\n";
}

}  // namespace
}  // namespace convstudio
