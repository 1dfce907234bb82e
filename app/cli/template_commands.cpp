#include "template_commands.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <optional>

#include "convstudio/model/dataset_format.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/task_check.h"
#include "convstudio/model/task_defaults.h"
#include "convstudio/model/template_library.h"
#include "dataset_choice.h"
#include "exit_codes.h"
#include "model_errors.h"

namespace convstudio::cli {
namespace {

struct NewOptions {
  std::string template_name;
  std::string dataset;  // empty: the built-in fashion-mnist
  std::string input;
  std::string fit = "resize-crop";
  std::string task;  // empty: the template's own task
  std::string out;
  bool allow_paths_outside = false;
};

int run_new(const NewOptions& options) {
  std::optional<TensorShape> input;
  if (!options.input.empty()) {
    input = TensorShape::parse(options.input);
    if (!input->is_image() || (input->channels() != 1 && input->channels() != 3)) {
      std::cerr << "error: --input " << options.input
                << ": expected 1 or 3 channels as C×H×W, e.g. 3x64x64\n";
      return kExitUsageError;
    }
  }
  Result<DatasetChoice> chosen =
      choose_dataset(options.dataset.empty() ? std::string("fashion-mnist") : options.dataset,
                     input, options.allow_paths_outside);
  if (!chosen) {
    std::cerr << "error: " << chosen.error().describe() << "\n";
    return kExitUsageError;
  }
  const DatasetChoice& choice = chosen.value();
  TemplateInstance instance =
      TemplateLibrary::instantiate(options.template_name, choice.input_shape, choice.classes);
  if (!instance.graph) {
    print_model_errors(instance.errors, std::cerr);
    return kExitUsageError;
  }
  Project project;
  project.graph = std::move(*instance.graph);
  project.task = options.task.empty() ? instance.task : *parse_project_task(options.task);
  project.dataset = choice.settings;
  project.dataset.fit = *parse_fit_mode(options.fit);
  instance.recipe.apply_to(project);
  apply_task_defaults(project);
  // A template whose output does not fit the task is refused at the block that breaks it.
  if (auto problem = task_output_problem(project.task, project.graph, analyse_project(project))) {
    print_model_errors({*problem}, std::cerr);
    return kExitUsageError;
  }
  // Data the user names must fit the task; without --dataset the project keeps the default data
  // (a segmentation template's project then needs its data set before it trains).
  if (auto problem = task_data_problem(project.task, project.dataset)) {
    if (!options.dataset.empty()) {
      std::cerr << "error: " << problem->describe() << "\n";
      return kExitUsageError;
    }
    std::cerr << "warning: " << problem->describe()
              << "; give it a data set with masks (--dataset, or the studio) before training\n";
  }
  if (auto error = ProjectFile::save(project, options.out)) {
    std::cerr << "error: " << error->describe() << "\n";
    return kExitFailure;
  }
  std::cout << "wrote " << options.out << ": " << options.template_name << " ("
            << to_string(project.task) << ") for " << choice.input_shape.to_string() << " input, "
            << choice.classes << " classes\n";
  std::cout << "validation: " << choice.validation << "\n";
  return kExitOk;
}

}  // namespace

void add_new_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<NewOptions>();
  auto* command = app.add_subcommand("new", "Create a project from a template for a dataset");
  command->add_option("--template", options->template_name, "Template name (see `templates`)")
      ->required();
  command->add_option("--dataset", options->dataset, dataset_format_choices());
  command->add_option("--input", options->input,
                      "Input shape C×H×W the images are fitted to (default: the data's own)");
  command
      ->add_option("--fit", options->fit,
                   "How images of another size are fitted: resize-crop (shorter side, centre "
                   "cut), stretch or pad")
      ->check(CLI::IsMember({"resize-crop", "stretch", "pad"}));
  command
      ->add_option("--task", options->task,
                   "What the model is for: classification (N×K class scores) or segmentation "
                   "(N×C×H×W logits at the input's size); default: the template's task "
                   "(unet-small: segmentation, the others: classification)")
      ->check(CLI::IsMember({"classification", "segmentation"}));
  command->add_flag("--allow-paths-outside", options->allow_paths_outside,
                    "A dataset that lists its images by name (a CSV file) may name images outside "
                    "its folder (.., absolute paths, links leading out); off, such an entry is "
                    "refused");
  command->add_option("--out", options->out, "Project file to write (*.convstudio)")->required();
  command->callback([options, &exit_code] { exit_code = run_new(*options); });
}

}  // namespace convstudio::cli
