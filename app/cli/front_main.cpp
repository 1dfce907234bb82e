// convstudio-cli: the command users type. It answers --version, `templates`, `inspect` and the
// remote commands (`submit`, `targets`, `remote`) itself
// (torch-free, a few milliseconds) and hands every other command to convstudio-cli-engine, the
// program beside it that links LibTorch (about 0.3 s to load, and more with the CUDA add-on),
// by exec: same arguments, same process, so exit codes and signals (Ctrl+C) stay the engine's.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>

#include "exit_codes.h"
#include "remote_command.h"
#include "run_app.h"
#include "targets_command.h"
#include "template_commands.h"
#include "version_command.h"

namespace {

using namespace convstudio::cli;

bool answered_here(int argc, char** argv) {
  if (argc < 2) return false;
  const std::string first = argv[1];
  return first == "--version" || first == "templates" || first == "inspect" || first == "submit" ||
         first == "targets" || first == "remote";
}

int answer_here(int argc, char** argv) {
  CLI::App app{kAppDescription, kAppName};
  bool show_version = false;
  add_version_flag(app, show_version);
  int exit_code = kExitOk;
  add_templates_command(app, exit_code);
  add_inspect_command(app, exit_code);
  add_submit_command(app, exit_code);
  add_targets_command(app, exit_code);
  add_remote_command(app, exit_code);
  return run_app(app, argc, argv, show_version, exit_code);
}

}  // namespace

int main(int argc, char** argv) {
  if (answered_here(argc, argv)) return answer_here(argc, argv);
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::filesystem::path engine = self.parent_path() / "convstudio-cli-engine";
  if (!error) execv(engine.c_str(), argv);
  std::cerr << "error: cannot start " << engine.string() << ": "
            << (error ? error.message() : std::strerror(errno))
            << " (it is installed beside convstudio-cli)\n";
  return kExitFailure;
}
