#include "template_commands.h"

#include <CLI/CLI.hpp>

#include <iomanip>
#include <iostream>
#include <memory>

#include "convstudio/model/project_file.h"
#include "convstudio/model/template_library.h"
#include "dataset_choice.h"
#include "exit_codes.h"
#include "model_errors.h"

namespace convstudio::cli {
namespace {

struct NewOptions {
  std::string template_name;
  std::string dataset = "fashion-mnist";
  std::string out;
};

int run_new(const NewOptions& options) {
  DatasetChoice choice = choose_dataset(options.dataset);
  if (!choice.error.empty()) {
    std::cerr << "error: " << choice.error << "\n";
    return kExitUsageError;
  }
  TemplateInstance instance =
      TemplateLibrary::instantiate(options.template_name, choice.input_shape, choice.classes);
  if (!instance.graph) {
    print_model_errors(instance.errors, std::cerr);
    return kExitUsageError;
  }
  Project project;
  project.graph = std::move(*instance.graph);
  project.dataset = choice.settings;
  if (auto error = ProjectFile::save(project, options.out)) {
    std::cerr << "error: " << error->describe() << "\n";
    return kExitFailure;
  }
  std::cout << "wrote " << options.out << ": " << options.template_name << " for "
            << choice.input_shape.to_string() << " input, " << choice.classes << " classes\n";
  return kExitOk;
}

}  // namespace

void add_templates_command(CLI::App& app, int& exit_code) {
  auto* command = app.add_subcommand("templates", "List the built-in network templates");
  command->callback([&exit_code] {
    for (const TemplateInfo& info : TemplateLibrary::list()) {
      std::cout << std::left << std::setw(18) << info.name << info.description << "\n";
    }
    exit_code = kExitOk;
  });
}

void add_new_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<NewOptions>();
  auto* command = app.add_subcommand("new", "Create a project from a template for a dataset");
  command->add_option("--template", options->template_name, "Template name (see `templates`)")
      ->required();
  command->add_option("--dataset", options->dataset,
                      "fashion-mnist (built in), an IDX folder or an image folder");
  command->add_option("--out", options->out, "Project file to write (*.convstudio)")->required();
  command->callback([options, &exit_code] { exit_code = run_new(*options); });
}

}  // namespace convstudio::cli
