#include "int8_export_run.h"

#include <iostream>

#include "convstudio/export/int8_report.h"
#include "exit_codes.h"

namespace convstudio::cli {

int run_int8_export(const Int8ExportRequest& request) {
  Int8ExportOptions options;
  options.calibration_images = request.calibration;
  options.method = *parse_calibration_method(request.method);
  options.percentile = request.percentile;
  options.per_channel = request.per_channel;
  options.reduce_range = request.reduce_range;
  const Int8Report report =
      export_and_measure_int8(request.checkpoint, request.out, options,
                              {request.measure, request.validation_limit, request.python});
  const Int8ExportResult& result = report.result;
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
  std::cout << int8_report_json(report) << std::endl;
  return kExitOk;
}

}  // namespace convstudio::cli
