#include "convstudio/export/export_compatibility.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace convstudio {
namespace {

struct Mapping {
  std::string target;
  std::string refusal;
};

// TorchScript and the generated Python name each weighted block's submodule after its id, so
// ids must be identifiers that neither Python nor nn.Module already use.
std::string identifier_problem(const std::string& id) {
  static const std::array<const char*, 52> kReserved = {
      "False",   "None",       "True",     "and",    "as",    "assert",   "async",   "await",
      "break",   "class",      "continue", "def",    "del",   "elif",     "else",    "except",
      "finally", "for",        "from",     "global", "if",    "import",   "in",      "is",
      "lambda",  "nonlocal",   "not",      "or",     "pass",  "raise",    "return",  "try",
      "while",   "with",       "yield",    "self",   "torch", "training", "forward", "eval",
      "train",   "to",         "cuda",     "cpu",    "float", "double",   "half",    "type",
      "apply",   "parameters", "buffers",  "modules"};
  const bool identifier = !id.empty() && !std::isdigit(static_cast<unsigned char>(id[0])) &&
                          std::all_of(id.begin(), id.end(), [](char c) {
                            return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                          });
  if (!identifier) {
    return "the id '" + id +
           "' is not a Python identifier (letters, digits and _); rename the block";
  }
  if (std::find(kReserved.begin(), kReserved.end(), id) != kReserved.end()) {
    return "the id '" + id + "' is a Python or nn.Module name; rename the block";
  }
  return {};
}

Mapping onnx_mapping(const Block& block, const BlockAnalysis& shapes) {
  const std::string& type = block.type;
  if (type == "Input") return {"graph input 'input' [batch, C, H, W] float32", {}};
  if (type == "Conv2d") {
    return {block.choice_param("padding_mode") == "same"
                ? "Conv (kernel_shape, strides, explicit pads for 'same', dilations, group)"
                : "Conv (kernel_shape, strides, pads, dilations, group)",
            {}};
  }
  if (type == "BatchNorm2d") return {"BatchNormalization (inference: running mean/var)", {}};
  if (type == "ReLU") return {"Relu", {}};
  if (type == "LeakyReLU") return {"LeakyRelu (alpha)", {}};
  if (type == "GELU") return {"Div, Erf, Add, Mul, Mul (exact GELU)", {}};
  if (type == "SiLU") return {"Sigmoid, Mul", {}};
  if (type == "Sigmoid") return {"Sigmoid", {}};
  if (type == "Tanh") return {"Tanh", {}};
  if (type == "MaxPool2d") return {"MaxPool (kernel_shape, strides, pads, ceil_mode 0)", {}};
  if (type == "AvgPool2d") {
    return {
        block.int_param("padding") > 0
            ? "Pad (zeros) + AveragePool (kernel_shape, strides, count_include_pad 1, ceil_mode 0)"
            : "AveragePool (kernel_shape, strides, pads, count_include_pad 1, ceil_mode 0)",
        {}};
  }
  if (type == "AdaptiveAvgPool2d") {
    const std::int64_t size = block.int_param("output_size");
    if (size == 1) return {"GlobalAveragePool", {}};
    const TensorShape& in = shapes.input_shapes.at(0);
    if (in.height() % size != 0 || in.width() % size != 0) {
      return {"", "AdaptiveAvgPool2d: output size " + std::to_string(size) + " does not divide " +
                      std::to_string(in.height()) + "\u00d7" + std::to_string(in.width()) +
                      "; ONNX has no adaptive pooling (use output size 1 or a dividing size)"};
    }
    return {"AveragePool (fixed windows equal to the adaptive ones)", {}};
  }
  if (type == "Dropout" || type == "Dropout2d") return {"nothing (identity at inference)", {}};
  if (type == "Flatten") return {"Flatten (axis 1)", {}};
  if (type == "Linear") return {"Gemm (transB 1)", {}};
  if (type == "Output") return {"Gemm (transB 1) -> graph output 'logits' [batch, classes]", {}};
  if (type == "Add") return {"Add (chained)", {}};
  if (type == "Concat") return {"Concat (axis 1)", {}};
  return {"", type + ": no ONNX mapping for this block type"};
}

Mapping torch_mapping(const Block& block, bool script) {
  static const std::map<std::string, std::pair<std::string, std::string>, std::less<>> kTargets = {
      {"Input", {"forward(x)", "forward(x)"}},
      {"Conv2d", {"torch.conv2d", "nn.Conv2d"}},
      {"BatchNorm2d", {"torch.batch_norm (running stats in eval)", "nn.BatchNorm2d"}},
      {"ReLU", {"torch.relu", "F.relu"}},
      {"LeakyReLU", {"torch.leaky_relu", "F.leaky_relu"}},
      {"GELU", {"torch.gelu", "F.gelu"}},
      {"SiLU", {"torch.silu", "F.silu"}},
      {"Sigmoid", {"torch.sigmoid", "torch.sigmoid"}},
      {"Tanh", {"torch.tanh", "torch.tanh"}},
      {"MaxPool2d", {"torch.max_pool2d", "F.max_pool2d"}},
      {"AvgPool2d", {"torch.avg_pool2d", "F.avg_pool2d"}},
      {"AdaptiveAvgPool2d", {"torch.adaptive_avg_pool2d", "F.adaptive_avg_pool2d"}},
      {"Dropout", {"torch.dropout", "F.dropout"}},
      {"Dropout2d", {"torch.feature_dropout", "F.dropout2d"}},
      {"Flatten", {"torch.flatten", "torch.flatten"}},
      {"Linear", {"torch.linear", "nn.Linear"}},
      {"Output", {"torch.linear (logits)", "nn.Linear (logits)"}},
      {"Add", {"+", "+"}},
      {"Concat", {"torch.cat (dim 1)", "torch.cat (dim 1)"}}};
  auto it = kTargets.find(block.type);
  if (it == kTargets.end()) return {"", block.type + ": no PyTorch mapping for this block type"};
  Mapping mapping{script ? it->second.first : it->second.second, identifier_problem(block.id)};
  if (!mapping.refusal.empty()) mapping.refusal = block.type + ": " + mapping.refusal;
  return mapping;
}

}  // namespace

std::string CompatibilityReport::describe() const {
  std::string text;
  for (const BlockMapping& block : blocks) {
    text += block.block_id + " (" + block.block_type + ") -> " +
            (block.refusal.empty() ? block.target : "REFUSED: " + block.refusal) + "\n";
  }
  for (const Error& refusal : refusals) {
    if (refusal.block_id.empty()) text += "graph: " + refusal.message + "\n";
  }
  return text;
}

CompatibilityReport ExportCompatibility::check(const Graph& graph, const ModelAnalysis& analysis,
                                               ExportFormat format) {
  CompatibilityReport report;
  report.format = format;
  report.opset = format == ExportFormat::Onnx ? kOnnxOpset : 0;
  report.refusals = analysis.errors;
  for (const BlockAnalysis& shapes : analysis.blocks) {
    const Block* block = graph.find_block(shapes.id);
    if (block == nullptr) continue;
    Mapping mapping;
    switch (format) {
      case ExportFormat::Onnx:
        mapping = onnx_mapping(*block, shapes);
        break;
      case ExportFormat::TorchScript:
        mapping = torch_mapping(*block, true);
        break;
      case ExportFormat::Python:
        mapping = torch_mapping(*block, false);
        break;
      case ExportFormat::Safetensors:
        mapping = {"graph JSON + " + std::string(shapes.params > 0 ? "tensors" : "no tensors"), {}};
        break;
    }
    if (!mapping.refusal.empty()) {
      report.refusals.push_back(Error::in_block(block->id, block->type, "type", mapping.refusal));
    }
    report.blocks.push_back({block->id, block->type, mapping.target, mapping.refusal});
  }
  return report;
}

}  // namespace convstudio
