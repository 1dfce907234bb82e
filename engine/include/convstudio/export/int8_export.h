#pragma once
// int8 post-training quantization of a checkpoint to ONNX in QuantizeLinear/DequantizeLinear
// (QDQ) form, calibrated on the project's own training images, and the measurement of the
// written file against the fp32 export in onnxruntime.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "convstudio/error.h"

namespace convstudio {

// How an activation's range is chosen from what calibration saw (onnxruntime's names):
// minmax: the smallest and largest value; percentile: the values at (100 - p) / 2 and
// (100 + p) / 2 percent of a 2048-bin histogram; entropy: the symmetric threshold whose 128-level
// quantization loses least information (KL divergence, TensorRT's method).
enum class CalibrationMethod { MinMax, Percentile, Entropy };

std::string_view calibration_method_name(CalibrationMethod method);
std::optional<CalibrationMethod> parse_calibration_method(std::string_view name);

struct Int8ExportOptions {
  std::int64_t calibration_images = 512;  // training images run through the model
  CalibrationMethod method = CalibrationMethod::MinMax;
  double percentile = 99.99;
  bool per_channel = true;  // weights per output channel; false: one scale per weight tensor
  // Weights in [-64, 64] (onnxruntime's reduce_range) instead of [-127, 127]: x86 CPUs without
  // VNNI multiply uint8 x int8 with VPMADDUBSW, whose int16 pair sums saturate at full range
  // (255 x 127 x 2 > 32767), which cost 2-3 points of top-1 agreement on lenet5; 255 x 64 x 2
  // fits. Turn off for VNNI or ARM targets.
  bool reduce_range = true;
  // Called with the share done (0..1) now and then; returning false cancels the export.
  std::function<bool(double)> progress;
};

// A block of the graph that still runs in float in the int8 file, and why.
struct FloatBlock {
  std::string block_id;
  std::string reason;
};

struct Int8ExportResult {
  std::string file;  // the int8 .onnx written
  std::int64_t int8_bytes = 0;
  std::int64_t fp32_bytes = 0;          // the fp32 ONNX export of the same checkpoint
  std::int64_t calibration_images = 0;  // images actually seen (fewer when the set is smaller)
  std::vector<std::string> quantized_blocks;  // Conv/Gemm blocks with int8 weights
  // (BatchNorm2d, the Conv2d before it that it was folded into)
  std::vector<std::pair<std::string, std::string>> folded_blocks;
  std::vector<FloatBlock> float_blocks;
  std::optional<Error> error;  // set when nothing was written
  bool input_error = false;    // the error is the user's input (checkpoint, data, option)
  bool cancelled = false;
};

// Checks the options (an Error naming the option when one is out of range).
std::optional<Error> check_int8_options(const Int8ExportOptions& options);

// Calibrates on the checkpoint's training set (the preprocessing it was trained with) and writes
// `out`. The graph keeps the fp32 export's input, output and metadata (the preprocessing
// contract).
Int8ExportResult export_checkpoint_int8(const std::filesystem::path& checkpoint_dir,
                                        const std::filesystem::path& out,
                                        const Int8ExportOptions& options);

// fp32 vs int8 measured by running both ONNX files in onnxruntime on the validation set.
struct Int8Measurement {
  bool measured = false;
  std::string why_not;  // when not measured: no Python with onnxruntime, or its error
  std::int64_t samples = 0;
  double fp32_accuracy = 0;
  double int8_accuracy = 0;
  double top1_agreement = 0;
  // fp32 time / int8 time at batch 64, the median of paired runs, with the spread of the ratios.
  double latency_ratio = 0;
  double latency_ratio_min = 0;
  double latency_ratio_max = 0;
  int latency_runs = 0;
};

// Writes the fp32 export and the validation images (preprocessed as in training) to a scratch
// folder and runs a Python with onnxruntime over both files: `python` when given, else
// $CONVSTUDIO_PYTHON, else python3 on PATH. `limit` > 0 caps the validation images.
Int8Measurement measure_int8_export(const std::filesystem::path& checkpoint_dir,
                                    const std::filesystem::path& int8_file, std::int64_t limit = 0,
                                    const std::string& python = {});

}  // namespace convstudio
