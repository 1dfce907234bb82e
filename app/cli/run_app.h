#pragma once
// Parses the command line and runs what it names, for both CLI programs (front_main.cpp and
// main.cpp): --version, a subcommand (which sets `exit_code`), help, and the exit code of each
// way it can fail.

#include <CLI/CLI.hpp>

#include <iostream>

#include "exit_codes.h"
#include "version_command.h"

namespace convstudio::cli {

// The command line both programs parse: its description, name and --version flag.
inline constexpr const char* kAppDescription =
    "ConvStudio command line: inspect, train and export convolutional networks";
inline constexpr const char* kAppName = "convstudio-cli";
inline void add_version_flag(CLI::App& app, bool& show_version) {
  app.add_flag("--version", show_version,
               "Print ConvStudio, LibTorch, CUDA, cuDNN, OpenCV and Qt versions");
}

inline int run_app(CLI::App& app, int argc, char** argv, const bool& show_version,
                   const int& exit_code) {
  // Subcommands run inside parse(); their unexpected failures surface here as exceptions.
  try {
    app.parse(argc, argv);
    if (show_version) return print_versions(std::cout);
    if (app.get_subcommands().empty()) {
      std::cerr << app.help() << "\nerror: name a command (or --version)\n";
      return kExitUsageError;
    }
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return kExitUsageError;
  } catch (const std::exception& error) {
    std::cerr << "error: " << error.what() << "\n";
    return kExitFailure;
  }
  return exit_code;
}

}  // namespace convstudio::cli
