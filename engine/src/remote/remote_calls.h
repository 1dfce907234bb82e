#pragma once
// One ssh or rsync call of a remote run, and its failure as an Error (internal).

#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/remote/process_runner.h"
#include "convstudio/result.h"

namespace convstudio {

// The call's output when it succeeded; else an Error "WHAT on DESTINATION failed (exit N):
// its error output". `lost` (when given) says whether the link failed rather than the command.
// `also_ok`: one more exit code that counts as success (rsync's 24: a file vanished meanwhile).
Result<ProcessOutput> remote_call(const std::vector<std::string>& argv, const std::string& what,
                                  const std::string& destination, bool* lost = nullptr,
                                  int also_ok = 0);

}  // namespace convstudio
