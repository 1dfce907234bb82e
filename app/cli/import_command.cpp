#include "import_command.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "convstudio/import/onnx_import.h"
#include "convstudio/import/project_weights.h"
#include "exit_codes.h"

namespace convstudio::cli {
namespace {

struct ImportOptions {
  std::string model;
  std::string out;
  bool check_only = false;
};

int run_import(const ImportOptions& options) {
  const OnnxImportResult result = options.check_only
                                      ? check_onnx_import(options.model)
                                      : import_onnx_model(options.model, options.out);
  if (!result.ok()) {
    std::cerr << "error: cannot import " << options.model << " (nothing was written):\n"
              << result.describe_errors();
    return kExitUsageError;
  }
  std::cout << "imported " << options.model << " (" << result.producer << ", opset " << result.opset
            << "): " << result.project.graph.blocks().size() << " blocks, "
            << result.parameter_count << " parameters\n";
  for (const std::string& file : result.files) std::cout << "wrote " << file << "\n";
  return kExitOk;
}

struct WeightsOptions {
  std::string project;
  std::string from;
};

int run_weights(const WeightsOptions& options) {
  const ProjectWeightsResult result = set_project_weights(options.project, options.from);
  if (result.error) {
    std::cerr << "error: " << result.error->describe() << "\n";
    return kExitUsageError;
  }
  std::cout << "took " << result.copied << " tensors from " << options.from << "\n";
  for (const std::string& block : result.reinitialised) {
    std::cout << block << ": the class count changed, so this block starts from fresh weights\n";
  }
  for (const std::string& block : result.not_in_file) {
    std::cout << block << ": not in the file, starts from fresh weights\n";
  }
  std::cout << "wrote " << result.weights_file << "\n";
  return kExitOk;
}

}  // namespace

void add_weights_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<WeightsOptions>();
  auto* c = app.add_subcommand(
      "weights",
      "Set a project's starting weights from a checkpoint, a safetensors file or an "
      "ONNX model");
  c->add_option("project", options->project, "Project file (*.convstudio)")
      ->required()
      ->check(CLI::ExistingFile);
  c->add_option("--from", options->from,
                "Checkpoint folder (*.ckpt), safetensors file (tensors named <block id>.<name>) "
                "or ONNX model")
      ->required()
      ->check(CLI::ExistingPath);
  c->callback([options, &exit_code] { exit_code = run_weights(*options); });
}

void add_import_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ImportOptions>();
  auto* c = app.add_subcommand(
      "import", "Import an ONNX classifier as a project whose starting weights are the model's");
  c->add_option("model", options->model, "ONNX file (external data files beside it)")
      ->required()
      ->check(CLI::ExistingFile);
  c->add_option("--out", options->out,
                "Project file (*.convstudio); the weights go beside it as "
                "NAME.weights.safetensors");
  c->add_flag("--check", options->check_only, "Only check that the model imports; write nothing");
  c->callback([options, &exit_code] {
    if (options->out.empty() && !options->check_only) {
      throw CLI::RequiredError("--out");
    }
    exit_code = run_import(*options);
  });
}

}  // namespace convstudio::cli
