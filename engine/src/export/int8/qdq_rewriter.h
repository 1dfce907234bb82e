#pragma once
// Rewrites our fp32 ONNX export into onnxruntime's QDQ form: QuantizeLinear/DequantizeLinear
// pairs (uint8, per tensor) on the activations calibration measured, int8 weights (symmetric,
// zero point 0, per output channel or per tensor) and int32 biases (scale = input scale x weight
// scale) behind DequantizeLinear for every Conv and Gemm. Inputs, outputs and metadata (the
// preprocessing contract) stay as they are. Torch-free and free of the onnx headers, so the
// torch side of the export can call it.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "convstudio/export/int8_export.h"
#include "export/int8/activation_range.h"

namespace convstudio {

struct QdqModel {
  std::string bytes;  // the int8 ModelProto, passed by onnx::checker
  std::vector<std::string> quantized_blocks;
  std::vector<std::pair<std::string, std::string>> folded_blocks;  // (BatchNorm2d, its Conv)
  std::vector<FloatBlock> float_blocks;
};

// `ranges` by ONNX value name. Throws std::runtime_error when the checker rejects the result (a
// bug in this rewrite).
// `weight_limit`: weights are quantized to [-limit, limit] (127, or 64 for reduce_range).
QdqModel rewrite_to_qdq(const std::string& fp32_bytes,
                        const std::map<std::string, ActivationRange>& ranges, bool per_channel,
                        int weight_limit);

}  // namespace convstudio
