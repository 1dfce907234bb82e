#include "export_command.h"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <memory>

#include "convstudio/export/model_export.h"
#include "exit_codes.h"
#include "int8_export_run.h"

namespace convstudio::cli {
namespace {

struct ExportOptions {
  std::string checkpoint;
  std::string format;
  std::string out;
  bool quiet = false;
  std::string device;      // --format pt2-aoti only: cpu (when empty), cuda or cuda:K
  Int8ExportRequest int8;  // --format onnx-int8 only
};

int run_export(const ExportOptions& options) {
  if (!options.device.empty() && options.format != "pt2-aoti") {
    std::cerr << "error: --device " << options.device
              << ": only pt2-aoti is compiled for a device; " << options.format
              << " files run wherever they are loaded\n";
    return kExitUsageError;
  }
  if (options.format == "onnx-int8") {
    Int8ExportRequest request = options.int8;
    request.checkpoint = options.checkpoint;
    request.out = options.out;
    request.quiet = options.quiet;
    if (std::filesystem::is_regular_file(options.checkpoint)) {
      std::cerr << "error: " << options.checkpoint
                << ": onnx-int8 calibrates on the training data of a checkpoint; export a "
                   "checkpoint folder (*.ckpt)\n";
      return kExitUsageError;
    }
    return run_int8_export(request);
  }
  const ExportFormat format = *parse_export_format(options.format);
  // A project file exports its current weights (imported, or set from a file) untrained.
  const bool project = std::filesystem::is_regular_file(options.checkpoint);
  const std::string& python = options.int8.python;  // the .pt2 formats' too
  const std::string device = options.device.empty() ? "cpu" : options.device;
  const ExportResult result =
      project ? export_project(options.checkpoint, format, options.out, python, device)
              : export_checkpoint(options.checkpoint, format, options.out, python, device);
  if (!options.quiet && !result.report.blocks.empty()) {
    std::cout << "block mapping (" << export_format_name(format);
    if (result.report.opset > 0) std::cout << ", opset " << result.report.opset;
    std::cout << "):\n" << result.report.describe();
  }
  if (result.error) {
    std::cerr << "error: " << result.error->describe() << "\n";
    return result.input_error ? kExitUsageError : kExitFailure;
  }
  for (const std::string& file : result.files) {
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(file, ec);
    std::cout << "wrote " << file << " (" << (ec ? 0 : bytes) << " bytes)\n";
  }
  return kExitOk;
}

}  // namespace

void add_export_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ExportOptions>();
  auto* c = app.add_subcommand(
      "export",
      "Export a checkpoint, or a project's current weights, to TorchScript, ONNX, safetensors + "
      "graph JSON, PyTorch code or .pt2 (torch.export, AOTInductor)");
  c->add_option("checkpoint", options->checkpoint,
                "Checkpoint folder (*.ckpt), or a project file (*.convstudio) with weights")
      ->required()
      ->check(CLI::ExistingPath);
  c->add_option("--format", options->format,
                "torchscript, onnx, onnx-int8 (QDQ, calibrated on the training set), "
                "safetensors, python, pt2 (torch.export ExportedProgram) or pt2-aoti "
                "(AOTInductor package for C++; for the CPU, or CUDA with --device cuda)")
      ->required()
      ->check(CLI::IsMember(
          {"torchscript", "onnx", "onnx-int8", "safetensors", "python", "pt2", "pt2-aoti"}));
  c->add_option("--out", options->out,
                "Output file (.pt, .onnx (also onnx-int8), .safetensors + .json beside it, .py + "
                ".safetensors beside it, .pt2)")
      ->required();
  c->add_flag("--quiet", options->quiet, "Do not print the block mapping");
  c->add_option("--device", options->device,
                "pt2-aoti: compile for cpu (default) or cuda (cuda:K); the package runs only on "
                "that kind of device, and cuda needs a GPU and a CUDA torch at export time")
      ->check([](const std::string& text) -> std::string {
        if (text == "cpu" || text == "cuda") return {};
        if (text.rfind("cuda:", 0) == 0 && text.size() > 5 &&
            text.find_first_not_of("0123456789", 5) == std::string::npos) {
          return {};
        }
        return "expected cpu, cuda or cuda:K";
      });
  Int8ExportRequest& int8 = options->int8;
  c->add_option("--calibration", int8.calibration,
                "onnx-int8: training images to calibrate on (default 512)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000}));
  c->add_option("--calibration-method", int8.method,
                "onnx-int8: minmax (default), percentile or entropy")
      ->check(CLI::IsMember({"minmax", "percentile", "entropy"}));
  c->add_option("--percentile", int8.percentile,
                "onnx-int8 with --calibration-method percentile: share kept (default 99.99)")
      ->check(CLI::Range(50.0, 100.0));
  c->add_flag("--per-channel,!--per-tensor", int8.per_channel,
              "onnx-int8: one weight scale per output channel (default) or per tensor");
  c->add_flag("!--full-range", int8.reduce_range,
              "onnx-int8: weights in [-127, 127] instead of [-64, 64] (for CPUs with VNNI, or ARM; "
              "x86 AVX2 saturates at full range)");
  c->add_flag("!--no-measure", int8.measure,
              "onnx-int8: skip running both files in onnxruntime on the validation set");
  c->add_option("--validation-limit", int8.validation_limit,
                "onnx-int8: measure on at most this many validation images (0: all)")
      ->check(CLI::NonNegativeNumber);
  c->add_option("--python", int8.python,
                "onnx-int8: the Python with onnxruntime that measures the files; pt2, pt2-aoti: "
                "the Python with torch that runs torch.export (default $CONVSTUDIO_PYTHON, else "
                "python3)");
  c->callback([options, &exit_code] { exit_code = run_export(*options); });
}

}  // namespace convstudio::cli
