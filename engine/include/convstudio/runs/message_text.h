#pragma once
// A sentence the engine tells the user, kept as its English pattern and its arguments. The
// engine writes it in English (CLI, run files); the studio translates the pattern (context
// "EngineMessages") and fills in the same arguments, so it reads in the user's language.

#include <string>
#include <string_view>
#include <vector>

namespace convstudio {

struct MessageText {
  std::string pattern;  // English with %1…%9 placeholders; also the key of its translation
  std::vector<std::string> args;

  bool empty() const { return pattern.empty(); }
  // The pattern with its arguments filled in.
  std::string english() const;

  bool operator==(const MessageText&) const = default;
};

// Replaces %1…%9 in `pattern` by args[0…8] in one pass, so an argument that itself holds "%1"
// stays as it is; a placeholder without an argument is kept.
std::string fill_placeholders(std::string_view pattern, const std::vector<std::string>& args);

}  // namespace convstudio
