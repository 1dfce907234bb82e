#pragma once
// Studies (issue 36): a search over settings that draws each trial's values from a space per
// setting instead of a grid. A space is declared as text, one per --param (or per line in the
// studio): "lr=0.01..0.1" (a number, uniform), "lr=log:1e-4..1" (a number, uniform in its
// logarithm), "batch_size=int:8..64" (a whole number) or "batch_size=32,64,128" (a choice).
// Only settings a sweep may vary can be searched, inside the setting table's range.

#include <string>
#include <string_view>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/project.h"
#include "convstudio/result.h"
#include "convstudio/runs/message_text.h"

namespace convstudio {

enum class StudySpaceKind { Number, LogNumber, Integer, LogInteger, Choice };

// The values one setting may take in a study.
struct StudySpace {
  std::string setting;  // a name from sweepable_settings(): "lr", "batch_size"
  StudySpaceKind kind = StudySpaceKind::Number;
  double low = 0, high = 0;          // Number, LogNumber, Integer, LogInteger: inclusive
  std::vector<std::string> choices;  // Choice: the values as written ("32", "adamw")

  bool operator==(const StudySpace&) const = default;
  bool is_choice() const { return kind == StudySpaceKind::Choice; }
  bool is_integer() const {
    return kind == StudySpaceKind::Integer || kind == StudySpaceKind::LogInteger;
  }
  bool is_log() const {
    return kind == StudySpaceKind::LogNumber || kind == StudySpaceKind::LogInteger;
  }
};

// Reads "SETTING=SPACE". Errors name the place "param" for a malformed text, else the setting
// as the project file spells it ("training.lr"), and say which part is wrong: the setting (not
// sweepable), the range (its form, low above high, a log range not above zero, outside the
// setting's range) or a choice (empty, repeated, refused by the setting).
Result<StudySpace> parse_study_space(std::string_view text);
// The same; on an error, `message` (when given) gets its sentence's pattern and arguments, so the
// studio can show it in the user's language (context "EngineMessages").
Result<StudySpace> parse_study_space(std::string_view text, MessageText* message);

// The space as the user would write it again: "lr=log:0.0001..1".
std::string to_string(const StudySpace& space);

// A value drawn from a space, as the text the project file's reader takes ("0.0123", "64",
// "adamw"). `value` is a number for ranges and the choice's index for choices.
std::string study_value_text(const StudySpace& space, double value);

// Sets the drawn values (one per space, in order) on a copy of `project`; the label
// "lr=0.0123, batch_size=64" goes into `label`. Errors as apply_sweep_value.
Result<Project> apply_study_values(const Project& project, const std::vector<StudySpace>& spaces,
                                   const std::vector<double>& values, std::string* label);

}  // namespace convstudio
