#include "convstudio/model/param_value.h"

#include <cstdio>

namespace convstudio {

std::string to_string(const ParamValue& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
  if (const auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (const auto* s = std::get_if<std::string>(&value)) return *s;
  char text[32];
  std::snprintf(text, sizeof text, "%g", std::get<double>(value));
  return text;
}

}  // namespace convstudio
