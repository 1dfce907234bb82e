#include "convstudio/export/int8_export.h"

#include "convstudio/export/export_compatibility.h"
#include "convstudio/io/atomic_write.h"
#include "export/int8/calibration_run.h"
#include "export/int8/qdq_rewriter.h"
#include "export/onnx_export.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t kMostCalibrationImages = 1'000'000;

Int8ExportResult failed(Int8ExportResult result, Error error, bool input_error) {
  result.error = std::move(error);
  result.input_error = input_error;
  return result;
}

}  // namespace

std::string_view calibration_method_name(CalibrationMethod method) {
  switch (method) {
    case CalibrationMethod::MinMax:
      return "minmax";
    case CalibrationMethod::Percentile:
      return "percentile";
    case CalibrationMethod::Entropy:
      return "entropy";
  }
  return "";
}

std::optional<CalibrationMethod> parse_calibration_method(std::string_view name) {
  for (CalibrationMethod method :
       {CalibrationMethod::MinMax, CalibrationMethod::Percentile, CalibrationMethod::Entropy}) {
    if (calibration_method_name(method) == name) return method;
  }
  return std::nullopt;
}

std::optional<Error> check_int8_options(const Int8ExportOptions& options) {
  if (options.calibration_images < 1 || options.calibration_images > kMostCalibrationImages) {
    return Error::in_setting("calibration", "must be a whole number of images from 1 to " +
                                                std::to_string(kMostCalibrationImages) + ", not " +
                                                std::to_string(options.calibration_images));
  }
  if (!(options.percentile > 50 && options.percentile <= 100)) {
    return Error::in_setting("percentile", "must be above 50 and at most 100");
  }
  return std::nullopt;
}

Int8ExportResult export_checkpoint_int8(const fs::path& checkpoint_dir, const fs::path& out,
                                        const Int8ExportOptions& options) {
  Int8ExportResult result;
  if (auto error = check_int8_options(options)) return failed(std::move(result), *error, true);
  Result<TrainedModel> loaded = load_trained_model(checkpoint_dir);
  if (!loaded) return failed(std::move(result), loaded.error(), true);
  const TrainedModel& model = loaded.value();
  // The measurement compares top-1 classes per image and calibrates on classification batches;
  // per-pixel agreement is not built yet, so a segmentation model is refused before any work.
  if (model.contract.segments()) {
    return failed(std::move(result),
                  Error::in_file(checkpoint_dir.string(),
                                 "int8 export is for classifiers: its calibration and its "
                                 "agreement figure count one class per image, and this is a "
                                 "segmentation model; export it as fp32 ONNX (--format onnx)"),
                  true);
  }
  const CompatibilityReport report =
      ExportCompatibility::check(model.graph, model.analysis, ExportFormat::Onnx);
  if (!report.ok()) {
    std::string message = "cannot export to onnx:";
    for (const Error& refusal : report.refusals) {
      message +=
          "\n  " + (refusal.block_id.empty() ? "graph" : refusal.block_id) + ": " + refusal.message;
    }
    return failed(std::move(result), Error::in_file(checkpoint_dir.string(), message), true);
  }
  std::error_code ec;
  if (out.has_parent_path() && !fs::exists(out.parent_path(), ec)) {
    return failed(std::move(result),
                  Error::in_file(out.parent_path().string(), "the folder does not exist"), true);
  }
  Result<ProjectImages> images = load_project_images(checkpoint_dir, model);
  if (!images) return failed(std::move(result), images.error(), true);

  try {
    const Calibration calibration = calibrate_activations(model, images.value(), options);
    if (calibration.cancelled) {
      result.cancelled = true;
      return failed(std::move(result), Error::in_file(out.string(), "cancelled"), false);
    }
    if (calibration.images == 0) {
      return failed(std::move(result),
                    Error::in_file(checkpoint_dir.string(), "the training set holds no images"),
                    true);
    }
    result.calibration_images = calibration.images;
    const std::string fp32 = OnnxExport::serialize(model);
    QdqModel int8 = rewrite_to_qdq(fp32, calibration.ranges, options.per_channel,
                                   options.reduce_range ? 64 : 127);
    if (auto error = write_file_atomically(out, int8.bytes)) {
      return failed(std::move(result), *error, false);
    }
    result.file = out.string();
    result.fp32_bytes = static_cast<std::int64_t>(fp32.size());
    result.int8_bytes = static_cast<std::int64_t>(int8.bytes.size());
    result.quantized_blocks = std::move(int8.quantized_blocks);
    result.folded_blocks = std::move(int8.folded_blocks);
    result.float_blocks = std::move(int8.float_blocks);
  } catch (const c10::Error& error) {
    return failed(std::move(result), Error::in_file(out.string(), error.what_without_backtrace()),
                  false);
  } catch (const std::exception& error) {
    return failed(std::move(result), Error::in_file(out.string(), error.what()), false);
  }
  return result;
}

}  // namespace convstudio
