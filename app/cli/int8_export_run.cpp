#include "int8_export_run.h"

#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "convstudio/export/int8_export.h"
#include "exit_codes.h"

namespace convstudio::cli {
namespace {

nlohmann::json report_json(const Int8ExportRequest& request, const Int8ExportResult& result,
                           const Int8Measurement& measurement) {
  nlohmann::json line;
  line["format"] = "onnx-int8";
  line["file"] = result.file;
  line["int8_bytes"] = result.int8_bytes;
  line["fp32_bytes"] = result.fp32_bytes;
  line["size_ratio"] = result.fp32_bytes > 0 ? static_cast<double>(result.int8_bytes) /
                                                   static_cast<double>(result.fp32_bytes)
                                             : 0.0;
  line["calibration_images"] = result.calibration_images;
  line["calibration_method"] = request.method;
  line["per_channel"] = request.per_channel;
  line["weight_range"] = request.reduce_range ? 64 : 127;
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
    return line;
  }
  line["validation_samples"] = measurement.samples;
  line["fp32_accuracy"] = measurement.fp32_accuracy;
  line["int8_accuracy"] = measurement.int8_accuracy;
  line["accuracy_loss_points"] = 100 * (measurement.fp32_accuracy - measurement.int8_accuracy);
  line["top1_agreement"] = measurement.top1_agreement;
  line["latency_ratio"] = measurement.latency_ratio;
  line["latency_ratio_min"] = measurement.latency_ratio_min;
  line["latency_ratio_max"] = measurement.latency_ratio_max;
  line["latency_runs"] = measurement.latency_runs;
  line["latency_batch"] = 64;
  return line;
}

}  // namespace

int run_int8_export(const Int8ExportRequest& request) {
  Int8ExportOptions options;
  options.calibration_images = request.calibration;
  options.method = *parse_calibration_method(request.method);
  options.percentile = request.percentile;
  options.per_channel = request.per_channel;
  options.reduce_range = request.reduce_range;
  const Int8ExportResult result = export_checkpoint_int8(request.checkpoint, request.out, options);
  if (result.error) {
    std::cerr << "error: " << result.error->describe() << "\n";
    return result.input_error ? kExitUsageError : kExitFailure;
  }
  if (!request.quiet) {
    std::cout << "wrote " << result.file << " (" << result.int8_bytes << " bytes; fp32 "
              << result.fp32_bytes << ")\n";
    for (const FloatBlock& block : result.float_blocks) {
      std::cout << "stays float: " << block.block_id << " (" << block.reason << ")\n";
    }
  }
  Int8Measurement measurement;
  if (request.measure) {
    measurement = measure_int8_export(request.checkpoint, request.out, request.validation_limit,
                                      request.python);
  } else {
    measurement.why_not = "--no-measure";
  }
  std::cout << report_json(request, result, measurement).dump() << std::endl;
  return kExitOk;
}

}  // namespace convstudio::cli
