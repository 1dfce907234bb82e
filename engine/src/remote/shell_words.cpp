#include "convstudio/remote/shell_words.h"

namespace convstudio {

std::string shell_quote(std::string_view word) {
  // Inside single quotes a POSIX shell takes every character as it is, newlines included; only
  // the single quote itself ends them, so it is written as: end, an escaped quote, begin again.
  std::string quoted = "'";
  for (const char c : word) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  quoted += '\'';
  return quoted;
}

std::string shell_command(const std::vector<std::string>& words) {
  std::string command;
  for (const std::string& word : words) {
    if (!command.empty()) command += ' ';
    command += shell_quote(word);
  }
  return command;
}

std::string rsync_command(const std::vector<std::string>& words) {
  std::string command;
  for (const std::string& word : words) {
    if (!command.empty()) command += ' ';
    command += '\'';
    for (const char c : word) command += c == '\'' ? std::string("''") : std::string(1, c);
    command += '\'';
  }
  return command;
}

}  // namespace convstudio
