#include "convstudio/export/int8_report.h"

#include <nlohmann/json.hpp>

namespace convstudio {

double Int8Report::size_ratio() const {
  return result.fp32_bytes > 0
             ? static_cast<double>(result.int8_bytes) / static_cast<double>(result.fp32_bytes)
             : 0.0;
}

double Int8Report::accuracy_loss_points() const {
  return 100 * (measurement.fp32_accuracy - measurement.int8_accuracy);
}

Int8Report export_and_measure_int8(const std::filesystem::path& checkpoint_dir,
                                   const std::filesystem::path& out,
                                   const Int8ExportOptions& options,
                                   const Int8MeasureOptions& measure) {
  Int8Report report;
  report.options = options;
  report.options.progress = nullptr;  // the report outlives the caller's callback
  report.result = export_checkpoint_int8(checkpoint_dir, out, options);
  if (report.result.error) {
    report.measurement.why_not = report.result.cancelled ? "cancelled" : "nothing was written";
  } else if (!measure.measure) {
    report.measurement.why_not = "--no-measure";
  } else if (options.progress && !options.progress(1.0)) {
    // Cancelled once the file was whole: it stays, unmeasured.
    report.measurement.why_not = "cancelled";
  } else {
    report.measurement =
        measure_int8_export(checkpoint_dir, out, measure.validation_limit, measure.python);
  }
  return report;
}

std::string int8_report_json(const Int8Report& report) {
  const Int8ExportResult& result = report.result;
  const Int8Measurement& measurement = report.measurement;
  nlohmann::json line;
  line["format"] = "onnx-int8";
  line["file"] = result.file;
  line["int8_bytes"] = result.int8_bytes;
  line["fp32_bytes"] = result.fp32_bytes;
  line["size_ratio"] = report.size_ratio();
  line["calibration_images"] = result.calibration_images;
  line["calibration_method"] = calibration_method_name(report.options.method);
  line["per_channel"] = report.options.per_channel;
  line["weight_range"] = report.weight_range();
  line["quantized_blocks"] = result.quantized_blocks;
  line["folded_blocks"] = nlohmann::json::object();
  for (const auto& [norm, conv] : result.folded_blocks) line["folded_blocks"][norm] = conv;
  line["float_blocks"] = nlohmann::json::array();
  for (const FloatBlock& block : result.float_blocks) {
    line["float_blocks"].push_back({{"block", block.block_id}, {"reason", block.reason}});
  }
  line["measured_with"] = measurement.measured ? nlohmann::json("onnxruntime") : nlohmann::json();
  if (!measurement.measured) {
    line["not_measured"] = measurement.why_not;
    return line.dump();
  }
  line["validation_samples"] = measurement.samples;
  line["fp32_accuracy"] = measurement.fp32_accuracy;
  line["int8_accuracy"] = measurement.int8_accuracy;
  line["accuracy_loss_points"] = report.accuracy_loss_points();
  line["top1_agreement"] = measurement.top1_agreement;
  line["latency_ratio"] = measurement.latency_ratio;
  line["latency_ratio_min"] = measurement.latency_ratio_min;
  line["latency_ratio_max"] = measurement.latency_ratio_max;
  line["latency_runs"] = measurement.latency_runs;
  line["latency_batch"] = 64;
  return line.dump();
}

}  // namespace convstudio
