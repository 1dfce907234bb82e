#include "convstudio/runs/message_text.h"

namespace convstudio {

std::string MessageText::english() const {
  return fill_placeholders(pattern, args);
}

std::string fill_placeholders(std::string_view pattern, const std::vector<std::string>& args) {
  std::string text;
  text.reserve(pattern.size());
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9') {
      const auto index = static_cast<std::size_t>(pattern[i + 1] - '1');
      if (index < args.size()) {
        text += args[index];
        ++i;
        continue;
      }
    }
    text += c;
  }
  return text;
}

}  // namespace convstudio
