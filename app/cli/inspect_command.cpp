#include <CLI/CLI.hpp>

#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>

#include "convstudio/model/memory_estimator.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/task_check.h"
#include "convstudio/model/template_library.h"
#include "exit_codes.h"
#include "model_errors.h"
#include "template_commands.h"

namespace convstudio::cli {
namespace {

struct InspectOptions {
  std::string file;
  std::string template_name;
  std::string input;
  std::int64_t batch = 0;  // 0: the project's batch size
  std::string precision;   // empty: the project's AMP setting
};

void print_table(const ModelAnalysis& analysis, std::ostream& out) {
  out << std::left << std::setw(16) << "id" << std::setw(20) << "type" << std::setw(14) << "output"
      << std::right << std::setw(12) << "params" << std::setw(16) << "macs"
      << "\n";
  for (const BlockAnalysis& block : analysis.blocks) {
    // The shape text holds "×" (two bytes), so pad it by hand to line the columns up.
    const std::string shape = block.output_shape.to_string();
    std::size_t visible = 0;
    for (unsigned char c : shape) visible += (c & 0xC0) != 0x80;
    out << std::left << std::setw(16) << block.id << std::setw(20) << block.type << shape
        << std::string(visible < 14 ? 14 - visible : 1, ' ') << std::right << std::setw(12)
        << block.params << std::setw(16) << block.macs << "\n";
  }
}

int run_inspect(const InspectOptions& options) {
  Project project;
  if (!options.file.empty()) {
    ProjectLoadResult loaded = ProjectFile::load(options.file);
    if (!loaded.ok()) {
      for (const Error& error : loaded.errors) std::cerr << "error: " << error.describe() << "\n";
      return kExitUsageError;
    }
    project = std::move(*loaded.project);
  } else {
    TemplateInstance instance =
        TemplateLibrary::instantiate(options.template_name, TensorShape::image(1, 28, 28), 10);
    if (!instance.graph) {
      print_model_errors(instance.errors, std::cerr);
      return kExitUsageError;
    }
    project.graph = std::move(*instance.graph);
  }

  std::optional<TensorShape> input;
  if (!options.input.empty()) {
    input = TensorShape::parse(options.input);
    if (!input->is_image()) {
      std::cerr << "error: --input " << options.input << ": expected C×H×W, e.g. 3x32x32\n";
      return kExitUsageError;
    }
  }
  ModelAnalysis analysis = ShapeInference::run(project.graph, input);
  if (auto problem = task_output_problem(project.task, project.graph, analysis)) {
    analysis.errors.push_back(std::move(*problem));
  }
  TrainingSettings training = project.training;
  if (!options.precision.empty()) training.amp = amp_of(*parse_precision(options.precision));
  MemoryOptions memory = memory_options(training, analysis);
  if (options.batch > 0) memory.batch_size = options.batch;
  if (!analysis.ok()) {
    print_model_errors(analysis.errors, std::cerr);
    return kExitUsageError;
  }
  print_table(analysis, std::cout);
  const MemoryEstimate estimate = MemoryEstimator::estimate(project.graph, analysis, memory);
  std::cout << "params: " << analysis.total_params() << "\n"
            << "macs: " << analysis.total_macs() << "\n"
            << "train_memory_estimate_bytes: " << estimate.total_bytes << "\n";
  return kExitOk;
}

}  // namespace

void add_inspect_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<InspectOptions>();
  auto* command = app.add_subcommand(
      "inspect", "Per-block output shapes, parameters and MACs, and the training memory estimate");
  auto* file = command->add_option("file", options->file, "Project file (*.convstudio)")
                   ->check(CLI::ExistingFile);
  auto* tmpl = command->add_option("--template", options->template_name,
                                   "Inspect a built-in template instead of a file");
  file->excludes(tmpl);
  command->add_option("--input", options->input, "Input shape C×H×W, e.g. 3x32x32");
  command->add_option("--batch", options->batch, "Batch size for the memory estimate")
      ->check(CLI::PositiveNumber);
  command->add_option("--precision", options->precision, "fp32, fp16 or bf16")
      ->check(CLI::IsMember({"fp32", "fp16", "bf16"}));
  command->callback([options, &exit_code] {
    if (options->file.empty() && options->template_name.empty()) {
      throw CLI::RequiredError("a project FILE or --template NAME");
    }
    exit_code = run_inspect(*options);
  });
}

}  // namespace convstudio::cli
