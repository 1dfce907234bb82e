#pragma once
// Which operations each block becomes in an export format, checked before anything is written,
// so an unsupported block is refused by name rather than producing a broken file.

#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/export/export_format.h"
#include "convstudio/model/block_analysis.h"
#include "convstudio/model/graph.h"

namespace convstudio {

// One block and what it becomes: "Conv (kernel_shape, strides, pads, dilations, group)",
// "torch.conv2d", "nn.Conv2d"; `refusal` says why it cannot be exported, empty when it can.
struct BlockMapping {
  std::string block_id;
  std::string block_type;
  std::string target;
  std::string refusal;
};

struct CompatibilityReport {
  ExportFormat format = ExportFormat::Onnx;
  int opset = 0;                     // ONNX only
  std::vector<BlockMapping> blocks;  // topological order
  std::vector<Error> refusals;       // graph errors and refused blocks

  bool ok() const { return refusals.empty(); }
  // One line per block: "conv1 (Conv2d) -> Conv ..." and the refusals, for CLI and notes.
  std::string describe() const;
};

// The ONNX operator set every ONNX export declares.
inline constexpr int kOnnxOpset = 13;

class ExportCompatibility {
 public:
  // `analysis` is ShapeInference's result for `graph`; its errors become refusals.
  static CompatibilityReport check(const Graph& graph, const ModelAnalysis& analysis,
                                   ExportFormat format);
};

}  // namespace convstudio
