#pragma once
// An int8 export and what it measured, as one value: `convstudio-cli export --format onnx-int8`
// prints it as its JSON line and the studio's Export dialog shows it as its report.

#include <cstdint>
#include <filesystem>
#include <string>

#include "convstudio/export/int8_export.h"

namespace convstudio {

struct Int8MeasureOptions {
  bool measure = true;                // false: write the file, measure nothing
  std::int64_t validation_limit = 0;  // 0: the whole validation set
  std::string python;                 // empty: $CONVSTUDIO_PYTHON, else python3
};

struct Int8Report {
  Int8ExportOptions options;
  Int8ExportResult result;
  Int8Measurement measurement;  // why_not says why when nothing was measured

  double size_ratio() const;  // int8 file bytes / fp32 file bytes
  double accuracy_loss_points() const;
  int weight_range() const { return options.reduce_range ? 64 : 127; }
};

// Writes the int8 file (export_checkpoint_int8) and, unless told not to or cancelled, runs it
// against the fp32 export in onnxruntime (measure_int8_export). `options.progress` is told 1.0
// once the file is written; returning false then skips the measurement.
Int8Report export_and_measure_int8(const std::filesystem::path& checkpoint_dir,
                                   const std::filesystem::path& out,
                                   const Int8ExportOptions& options,
                                   const Int8MeasureOptions& measure);

// The report as the CLI's one-line JSON object (keys documented in the README's Export section).
std::string int8_report_json(const Int8Report& report);

}  // namespace convstudio
