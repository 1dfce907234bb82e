#pragma once
// The comma-separated values a sweep axis or a study's choices list after "SETTING=", read
// alike: each trimmed, none empty, none twice (internal to engine/src/runs).

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/result.h"
#include "convstudio/runs/message_text.h"

namespace convstudio {

inline std::string trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

// An error at the setting `place`, in English, its pattern and arguments kept in `message`
// (when given) for the studio to translate: how sweep axes and study spaces refuse.
inline Error refuse_setting(const std::string& place, MessageText text,
                            MessageText* message = nullptr) {
  Error error = Error::in_setting(place, text.english());
  if (message) *message = std::move(text);
  return error;
}

// The patterns of a list's two errors: an empty item, and one listed twice (%1 the item).
struct ValueListWords {
  const char* empty;
  const char* twice;
};

// The values of `list`; an error at `place` names an empty or a repeated one in `words`, its
// pattern and arguments kept in `message` (when given) for the studio to translate.
inline Result<std::vector<std::string>> comma_separated_values(std::string_view list,
                                                               const std::string& place,
                                                               ValueListWords words,
                                                               MessageText* message = nullptr) {
  std::vector<std::string> values;
  while (true) {
    const auto comma = list.find(',');
    std::string value = trimmed(list.substr(0, comma));
    if (value.empty()) return refuse_setting(place, {words.empty, {}}, message);
    if (std::find(values.begin(), values.end(), value) != values.end()) {
      return refuse_setting(place, {words.twice, {value}}, message);
    }
    values.push_back(std::move(value));
    if (comma == std::string_view::npos) return values;
    list = list.substr(comma + 1);
  }
}

}  // namespace convstudio
