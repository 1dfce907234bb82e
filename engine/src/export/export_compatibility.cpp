#include "convstudio/export/export_compatibility.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>

#include "blocks/block_torch.h"

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

// What the block becomes in `format`, from its type's home; unknown types are refused by name.
Mapping mapping_of(const Block& block, const BlockAnalysis& shapes, ExportFormat format) {
  if (format == ExportFormat::Safetensors) {
    return {"graph JSON + " + std::string(shapes.params > 0 ? "tensors" : "no tensors"), {}};
  }
  const blocks::BlockTorch* torch_half = nullptr;
  try {
    torch_half = &blocks::block_torch(block.type);
  } catch (const std::invalid_argument&) {
    const char* what = format == ExportFormat::Onnx ? "ONNX" : "PyTorch";
    return {"", block.type + ": no " + what + " mapping for this block type"};
  }
  if (format == ExportFormat::Onnx) {
    const blocks::ExportTarget target = torch_half->onnx_target(block, shapes);
    return {target.target, target.refusal};
  }
  // The .pt2 formats are torch.export of the generated PyTorch code.
  Mapping mapping{format == ExportFormat::TorchScript ? torch_half->torchscript_target
                                                      : torch_half->python_target,
                  identifier_problem(block.id)};
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
    const Mapping mapping = mapping_of(*block, shapes, format);
    if (!mapping.refusal.empty()) {
      report.refusals.push_back(Error::in_block(block->id, block->type, "type", mapping.refusal));
    }
    report.blocks.push_back({block->id, block->type, mapping.target, mapping.refusal});
  }
  return report;
}

}  // namespace convstudio
