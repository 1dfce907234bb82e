// `convstudio-cli templates`: torch-free, so the CLI's front answers it without LibTorch.
#include <CLI/CLI.hpp>

#include <iomanip>
#include <iostream>

#include "convstudio/model/template_library.h"
#include "exit_codes.h"
#include "template_commands.h"

namespace convstudio::cli {

void add_templates_command(CLI::App& app, int& exit_code) {
  auto* command = app.add_subcommand("templates", "List the built-in network templates");
  command->callback([&exit_code] {
    for (const TemplateInfo& info : TemplateLibrary::list()) {
      std::cout << std::left << std::setw(18) << info.name << info.description << "\n";
    }
    exit_code = kExitOk;
  });
}

}  // namespace convstudio::cli
