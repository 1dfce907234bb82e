#include "byte_size.h"

#include <cctype>

namespace convstudio::cli {

std::optional<std::int64_t> parse_byte_size(const std::string& text) {
  if (text.empty()) return std::nullopt;
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 15) return std::nullopt;
  std::int64_t value = std::stoll(text.substr(0, digits));
  const std::string unit = text.substr(digits);
  if (unit == "K" || unit == "k")
    value <<= 10;
  else if (unit == "M" || unit == "m")
    value <<= 20;
  else if (unit == "G" || unit == "g")
    value <<= 30;
  else if (!unit.empty())
    return std::nullopt;
  return value;
}

}  // namespace convstudio::cli
