#pragma once
// The comma-separated values a sweep axis or a study's choices list after "SETTING=", read
// alike: each trimmed, none empty, none twice (internal to engine/src/runs).

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/result.h"

namespace convstudio {

inline std::string trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

// The values of `list`; an error at `place` names an empty or a repeated one as a `noun`
// ("value", "choice").
inline Result<std::vector<std::string>> comma_separated_values(std::string_view list,
                                                               const std::string& place,
                                                               const std::string& noun) {
  std::vector<std::string> values;
  while (true) {
    const auto comma = list.find(',');
    std::string value = trimmed(list.substr(0, comma));
    if (value.empty()) {
      return Error::in_setting(place, "has an empty " + noun + " (two commas, or one at an end)");
    }
    if (std::find(values.begin(), values.end(), value) != values.end()) {
      return Error::in_setting(place, "lists the " + noun + " '" + value + "' twice");
    }
    values.push_back(std::move(value));
    if (comma == std::string_view::npos) return values;
    list = list.substr(comma + 1);
  }
}

}  // namespace convstudio
