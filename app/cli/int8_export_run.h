#pragma once
// `convstudio-cli export --format onnx-int8`: calibrates, writes the QDQ ONNX file, measures it
// against the fp32 export in onnxruntime and prints one JSON line with the figures.

#include <cstdint>
#include <string>

namespace convstudio::cli {

struct Int8ExportRequest {
  std::string checkpoint;
  std::string out;
  std::int64_t calibration = 512;
  std::string method = "minmax";
  double percentile = 99.99;
  bool per_channel = true;
  bool reduce_range = true;
  bool measure = true;
  std::int64_t validation_limit = 0;  // 0: the whole validation set
  std::string python;                 // empty: $CONVSTUDIO_PYTHON, else python3
  bool quiet = false;
};

int run_int8_export(const Int8ExportRequest& request);

}  // namespace convstudio::cli
