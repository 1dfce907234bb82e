#include "remote_calls.h"

#include "convstudio/remote/ssh_commands.h"

namespace convstudio {

Result<ProcessOutput> remote_call(const std::vector<std::string>& argv, const std::string& what,
                                  const std::string& destination, bool* lost, int also_ok) {
  if (lost != nullptr) *lost = false;
  Result<ProcessOutput> output = run_process(argv);
  if (!output) return output.error();
  if (output.value().ok() || (also_ok != 0 && output.value().exit_code == also_ok)) return output;
  if (lost != nullptr) *lost = is_connection_failure(output.value().exit_code);
  std::string message = output.value().err;
  while (!message.empty() && (message.back() == '\n' || message.back() == '\r')) {
    message.pop_back();
  }
  return Error::without_place(destination + ": " + what + " failed (exit " +
                              std::to_string(output.value().exit_code) + ")" +
                              (message.empty() ? "" : ": " + message));
}

}  // namespace convstudio
