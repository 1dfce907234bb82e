#include "export/python_export.h"

#include <sstream>

#include "export/native_export.h"
#include "export/python_literals.h"
#include "train/atomic_write.h"

namespace convstudio {
namespace {

std::string value_of(const std::string& id) {
  return "v_" + id;
}

std::string bool_text(bool value) {
  return value ? "True" : "False";
}

// The constructor line of a block that owns tensors; empty for blocks that are functions.
std::string layer(const Block& block, const BlockAnalysis& shapes) {
  const TensorShape in = shapes.input_shapes.empty() ? TensorShape{} : shapes.input_shapes[0];
  if (block.type == "Conv2d") {
    const std::string padding = block.choice_param("padding_mode") == "same"
                                    ? "\"same\""
                                    : std::to_string(block.int_param("padding"));
    return "nn.Conv2d(" + std::to_string(in.channels()) + ", " +
           std::to_string(block.int_param("out_channels")) + ", " +
           std::to_string(block.int_param("kernel")) +
           ", stride=" + std::to_string(block.int_param("stride")) + ", padding=" + padding +
           ", dilation=" + std::to_string(block.int_param("dilation")) +
           ", groups=" + std::to_string(block.int_param("groups")) +
           ", bias=" + bool_text(block.bool_param("bias")) + ")";
  }
  if (block.type == "BatchNorm2d") {
    return "nn.BatchNorm2d(" + std::to_string(in.channels()) +
           ", eps=" + python_float(block.float_param("eps")) +
           ", momentum=" + python_float(block.float_param("momentum")) + ")";
  }
  if (block.type == "Linear" || block.type == "Output") {
    const std::int64_t out =
        block.type == "Linear" ? block.int_param("out_features") : block.int_param("classes");
    const bool bias = block.type == "Output" || block.bool_param("bias");
    return "nn.Linear(" + std::to_string(in.element_count()) + ", " + std::to_string(out) +
           ", bias=" + bool_text(bias) + ")";
  }
  return {};
}

std::string call(const Block& block, const std::vector<std::string>& in) {
  const std::string& type = block.type;
  if (!in.empty() &&
      (type == "Conv2d" || type == "BatchNorm2d" || type == "Linear" || type == "Output")) {
    return "self." + block.id + "(" + in[0] + ")";
  }
  if (type == "MaxPool2d" || type == "AvgPool2d") {
    const std::int64_t k = block.int_param("kernel");
    const std::int64_t stride = block.int_param("stride") == 0 ? k : block.int_param("stride");
    const std::string args = in[0] + ", " + std::to_string(k) + ", " + std::to_string(stride) +
                             ", " + std::to_string(block.int_param("padding"));
    if (type == "MaxPool2d") return "F.max_pool2d(" + args + ")";
    return "F.avg_pool2d(" + args + ", ceil_mode=False, count_include_pad=True)";
  }
  if (type == "AdaptiveAvgPool2d") {
    return "F.adaptive_avg_pool2d(" + in[0] + ", " +
           std::to_string(block.int_param("output_size")) + ")";
  }
  if (type == "ReLU") return "F.relu(" + in[0] + ")";
  if (type == "LeakyReLU") {
    return "F.leaky_relu(" + in[0] + ", " + python_float(block.float_param("negative_slope")) + ")";
  }
  if (type == "GELU") return "F.gelu(" + in[0] + ")";
  if (type == "SiLU") return "F.silu(" + in[0] + ")";
  if (type == "Sigmoid") return "torch.sigmoid(" + in[0] + ")";
  if (type == "Tanh") return "torch.tanh(" + in[0] + ")";
  if (type == "Dropout" || type == "Dropout2d") {
    return std::string(type == "Dropout" ? "F.dropout(" : "F.dropout2d(") + in[0] + ", " +
           python_float(block.float_param("p")) + ", self.training)";
  }
  if (type == "Flatten") return "torch.flatten(" + in[0] + ", 1)";
  if (type == "Add") {
    std::string sum = in[0];
    for (std::size_t i = 1; i < in.size(); ++i) sum += " + " + in[i];
    return sum;
  }
  if (type == "Concat") {
    std::string list;
    for (std::size_t i = 0; i < in.size(); ++i) list += (i > 0 ? ", " : "") + in[i];
    return "torch.cat([" + list + "], 1)";
  }
  throw std::invalid_argument("no PyTorch mapping for block type " + type);
}

}  // namespace

std::string PythonExport::source(const TrainedModel& model, const std::string& weights_file) {
  std::ostringstream init;
  std::ostringstream forward;
  std::string result;
  for (const BlockAnalysis& shapes : model.analysis.blocks) {
    const Block& block = *model.graph.find_block(shapes.id);
    if (const std::string constructor = layer(block, shapes); !constructor.empty()) {
      init << "        self." << block.id << " = " << constructor << "\n";
    }
    if (block.type == "Input") {
      forward << "        " << value_of(block.id) << " = x\n";
      continue;
    }
    std::vector<std::string> in;
    for (const Connection& wire : model.graph.inputs_of(block.id))
      in.push_back(value_of(wire.from));
    forward << "        " << value_of(block.id) << " = " << call(block, in) << "\n";
    if (block.type == "Output") result = value_of(block.id);
  }

  std::ostringstream code;
  code
      << "\"\"\"A ConvStudio model as PyTorch code, generated by ConvStudio " CONVSTUDIO_VERSION
         ".\n\n"
         "ConvStudioModel rebuilds the graph; its parameter names are those of the checkpoint\n"
         "(\"conv1.weight\"), so load_model() fills it from the safetensors file beside this one.\n"
         "Input: float N x C x H x W, pixels / 255, then (x - mean) / std per channel, as in\n"
         "PREPROCESSING. Output: logits; predict() turns them into probabilities.\n\"\"\"\n\n"
         "import json\nimport os\n\nimport torch\nimport torch.nn as nn\n"
         "import torch.nn.functional as F\nfrom safetensors.torch import load_file\n\n"
      << "PREPROCESSING = json.loads(" << python_string(model.contract.to_json().dump()) << ")\n"
      << "WEIGHTS = " << python_string(weights_file) << "\n\n\n"
      << "class ConvStudioModel(nn.Module):\n"
         "    def __init__(self):\n        super().__init__()\n"
      << init.str() << "\n    def forward(self, x):\n"
      << forward.str() << "        return " << result << "\n\n\n"
      << "def load_model(weights=None, device=\"cpu\"):\n"
         "    \"\"\"The model in eval mode with the exported weights (default: WEIGHTS beside "
         "this file).\"\"\"\n"
         "    if weights is None:\n"
         "        weights = os.path.join(os.path.dirname(os.path.abspath(__file__)), WEIGHTS)\n"
         "    model = ConvStudioModel()\n"
         "    model.load_state_dict(load_file(weights, device=\"cpu\"), strict=True)\n"
         "    return model.to(device).eval()\n\n\n"
         "def predict(model, images, temperature=1.0):\n"
         "    \"\"\"Class probabilities, softmax(logits / temperature), for a preprocessed "
         "batch.\"\"\"\n"
         "    with torch.no_grad():\n"
         "        return torch.softmax(model(images) / temperature, dim=1)\n";
  return code.str();
}

std::optional<FileError> PythonExport::write(const TrainedModel& model,
                                             const std::filesystem::path& code,
                                             const std::filesystem::path& weights) {
  if (auto error = NativeExport::write(model, weights, {})) return error;
  return write_file_atomically(code, source(model, weights.filename().string()));
}

}  // namespace convstudio
