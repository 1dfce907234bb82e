#pragma once
// Numbers and strings written as Python (and TorchScript) source, shared by both generators.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace convstudio {

// The shortest text that reads back as the same double, always with a decimal point or
// exponent, so TorchScript types it as float rather than int.
inline std::string python_float(double value) {
  char text[32];
  for (int digits = 6; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  std::string result = text;
  if (result.find_first_of(".en") == std::string::npos) result += ".0";
  return result;
}

// The variable that holds a block's output in generated forward code.
inline std::string python_value_name(const std::string& block_id) {
  return "v_" + block_id;
}

// [a, b] from a list of ints.
inline std::string python_bool(bool value) {
  return value ? "True" : "False";
}

inline std::string python_ints(const std::vector<std::int64_t>& values) {
  std::string text = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(values[i]);
  }
  return text + "]";
}

// "a + b + c": the residual sum of a merge block's inputs.
inline std::string python_sum(const std::vector<std::string>& inputs) {
  std::string sum = inputs.at(0);
  for (std::size_t i = 1; i < inputs.size(); ++i) sum += " + " + inputs[i];
  return sum;
}

// "torch.cat([a, b], 1)": a channel concatenation of a merge block's inputs.
inline std::string python_channel_cat(const std::vector<std::string>& inputs) {
  std::string list;
  for (std::size_t i = 0; i < inputs.size(); ++i) list += (i > 0 ? ", " : "") + inputs[i];
  return "torch.cat([" + list + "], 1)";
}

// A double-quoted string literal; JSON escaping is valid Python escaping for any text.
inline std::string python_string(const std::string& value) {
  return nlohmann::json(value).dump();
}

}  // namespace convstudio
