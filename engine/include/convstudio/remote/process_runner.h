#pragma once
// Runs a program (ssh, rsync) to its end without a shell: posix_spawnp with the argument vector
// as given, its output and error collected. Torch-free and Qt-free, for the CLI and the studio.

#include <string>
#include <vector>

#include "convstudio/result.h"

namespace convstudio {

struct ProcessOutput {
  int exit_code = 0;  // the program's exit code; 128 + N when signal N ended it
  std::string out;
  std::string err;

  bool ok() const { return exit_code == 0; }
};

// Runs `argv` (argv[0] looked up in PATH) with stdin from /dev/null. An Error only when it
// cannot be started; a program that fails is a ProcessOutput with its exit code.
Result<ProcessOutput> run_process(const std::vector<std::string>& argv);

}  // namespace convstudio
