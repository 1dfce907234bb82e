#include "export_command.h"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <memory>

#include "convstudio/export/model_export.h"
#include "exit_codes.h"

namespace convstudio::cli {
namespace {

struct ExportOptions {
  std::string checkpoint;
  std::string format;
  std::string out;
  bool quiet = false;
};

int run_export(const ExportOptions& options) {
  const ExportFormat format = *parse_export_format(options.format);
  // A project file exports its current weights (imported, or set from a file) untrained.
  const bool project = std::filesystem::is_regular_file(options.checkpoint);
  const ExportResult result = project ? export_project(options.checkpoint, format, options.out)
                                      : export_checkpoint(options.checkpoint, format, options.out);
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
      "graph JSON or PyTorch code");
  c->add_option("checkpoint", options->checkpoint,
                "Checkpoint folder (*.ckpt), or a project file (*.convstudio) with weights")
      ->required()
      ->check(CLI::ExistingPath);
  c->add_option("--format", options->format, "torchscript, onnx, safetensors or python")
      ->required()
      ->check(CLI::IsMember({"torchscript", "onnx", "safetensors", "python"}));
  c->add_option("--out", options->out,
                "Output file (.pt, .onnx, .safetensors + .json beside it, .py + .safetensors "
                "beside it)")
      ->required();
  c->add_flag("--quiet", options->quiet, "Do not print the block mapping");
  c->callback([options, &exit_code] { exit_code = run_export(*options); });
}

}  // namespace convstudio::cli
