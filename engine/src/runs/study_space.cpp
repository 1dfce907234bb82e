#include "convstudio/runs/study_space.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "convstudio/model/setting_table.h"
#include "convstudio/runs/sweep.h"
#include "search_messages.h"
#include "value_list.h"

namespace convstudio {
namespace {

namespace said = search_messages;

// refuse_setting (value_list.h) with the pattern and its arguments given apart.
Error refuse(MessageText* message, const std::string& place, const char* pattern,
             std::vector<std::string> args) {
  return refuse_setting(place, {pattern, std::move(args)}, message);
}

std::optional<double> number_in(const std::string& text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

// The shortest text that reads back as the same double: a study's plan stores its spaces as
// text, and a resumed study must search exactly the space it started with.
std::string exact_text(double value) {
  char text[32];
  const auto [end, error] = std::to_chars(text, text + sizeof text, value);
  return error == std::errc() ? std::string(text, end) : number_text(value);
}

// The range a setting allows, from the setting table; nullopt for a setting that is neither a
// number nor a whole number (a choice of words, a switch).
struct SettingRange {
  bool integer = false;
  double min = 0, max = 0;
};

std::optional<SettingRange> setting_range(const std::string& name) {
  if (const TrainingSetting* s = find_training_setting(name)) {
    if (s->type == SettingType::Integer) {
      return SettingRange{true, double(s->integer_min), double(s->integer_max)};
    }
    if (s->type == SettingType::Number) return SettingRange{false, s->number_min, s->number_max};
    return std::nullopt;
  }
  if (const DatasetSetting* s = find_dataset_setting(name)) {
    if (s->type == SettingType::Integer) {
      return SettingRange{true, double(s->integer_min), double(s->integer_max)};
    }
    if (s->type == SettingType::Number) return SettingRange{false, s->number_min, s->number_max};
  }
  return std::nullopt;
}

std::string place_of(const std::string& name) {
  if (const TrainingSetting* s = find_training_setting(name)) return setting_place(*s);
  if (const DatasetSetting* s = find_dataset_setting(name)) return setting_place(*s);
  return name;
}

// "LOW..HIGH" after its "log:" or "int:" prefix, checked against the setting's own range.
Result<StudySpace> parse_range(StudySpace space, std::string_view range, const std::string& place,
                               const std::string& written, MessageText* message) {
  const auto dots = range.find("..");
  if (dots == std::string_view::npos) return refuse(message, place, said::kRangeForm, {written});
  const std::optional<double> low = number_in(trimmed(range.substr(0, dots)));
  const std::optional<double> high = number_in(trimmed(range.substr(dots + 2)));
  if (!low || !high) return refuse(message, place, said::kRangeForm, {written});
  if (*low >= *high) return refuse(message, place, said::kRangeOrder, {written});
  if (space.is_log() && *low <= 0) return refuse(message, place, said::kLogAboveZero, {written});
  if (space.is_integer() && (*low != std::floor(*low) || *high != std::floor(*high))) {
    return refuse(message, place, said::kIntWhole, {written});
  }
  const std::optional<SettingRange> allowed = setting_range(space.setting);
  if (!allowed) return refuse(message, place, said::kTakesWords, {written, space.setting});
  if (allowed->integer && !space.is_integer()) {
    return refuse(message, place, said::kSettingWhole, {written});
  }
  if (!allowed->integer && space.is_integer()) {
    return refuse(message, place, said::kSettingNotWhole, {written});
  }
  if (*low < allowed->min || *high > allowed->max) {
    return refuse(message, place, said::kOutsideRange,
                  {written, number_text(allowed->min), number_text(allowed->max)});
  }
  space.low = *low;
  space.high = *high;
  return space;
}

Result<StudySpace> parse_choices(StudySpace space, std::string_view rest, const std::string& place,
                                 MessageText* message) {
  space.kind = StudySpaceKind::Choice;
  Result<std::vector<std::string>> choices =
      comma_separated_values(rest, place, {said::kEmptyChoice, said::kChoiceTwice}, message);
  if (!choices) return choices.error();
  // Through the project file's reader, so a choice is valid exactly when a sweep's value is.
  for (const std::string& value : choices.value()) {
    Project probe;
    if (auto error = apply_sweep_value(probe, space.setting, value)) {
      return refuse(message, place, said::kChoiceRefused, {value, error->message});
    }
  }
  space.choices = std::move(choices).value();
  return space;
}

}  // namespace

Result<StudySpace> parse_study_space(std::string_view text) {
  return parse_study_space(text, nullptr);
}

Result<StudySpace> parse_study_space(std::string_view text, MessageText* message) {
  const auto equals = text.find('=');
  if (equals == std::string_view::npos) {
    return refuse(message, "param", said::kNotAssignment, {std::string(text)});
  }
  StudySpace space;
  space.setting = trimmed(text.substr(0, equals));
  const auto& sweepable = sweepable_settings();
  if (std::find(sweepable.begin(), sweepable.end(), space.setting) == sweepable.end()) {
    std::string names;
    for (const std::string& name : sweepable) names += (names.empty() ? "" : ", ") + name;
    return refuse(message, space.setting.empty() ? "param" : space.setting, said::kNotSearchable,
                  {names});
  }
  const std::string place = place_of(space.setting);
  const std::string rest = trimmed(text.substr(equals + 1));
  if (rest.empty()) return refuse(message, place, said::kNoSpace, {});
  std::string_view range = rest;
  bool prefixed = false;
  space.kind = StudySpaceKind::Number;
  if (range.starts_with("int:")) {
    range.remove_prefix(4);
    prefixed = true;
    space.kind = StudySpaceKind::Integer;
    if (range.starts_with("log:")) {
      range.remove_prefix(4);
      space.kind = StudySpaceKind::LogInteger;
    }
  } else if (range.starts_with("log:")) {
    range.remove_prefix(4);
    prefixed = true;
    space.kind = StudySpaceKind::LogNumber;
  }
  if (prefixed || range.find("..") != std::string_view::npos) {
    // A whole-number setting is searched over whole numbers, with or without "int:".
    const std::optional<SettingRange> allowed = setting_range(space.setting);
    if (allowed && allowed->integer && space.kind == StudySpaceKind::Number) {
      space.kind = StudySpaceKind::Integer;
    } else if (allowed && allowed->integer && space.kind == StudySpaceKind::LogNumber) {
      space.kind = StudySpaceKind::LogInteger;
    }
    return parse_range(std::move(space), range, place, rest, message);
  }
  return parse_choices(std::move(space), rest, place, message);
}

std::string to_string(const StudySpace& space) {
  std::string text = space.setting + "=";
  switch (space.kind) {
    case StudySpaceKind::Choice:
      for (std::size_t i = 0; i < space.choices.size(); ++i) {
        text += (i == 0 ? "" : ",") + space.choices[i];
      }
      return text;
    case StudySpaceKind::Integer:
      text += "int:";
      break;
    case StudySpaceKind::LogInteger:
      text += "int:log:";
      break;
    case StudySpaceKind::LogNumber:
      text += "log:";
      break;
    case StudySpaceKind::Number:
      break;
  }
  return text + exact_text(space.low) + ".." + exact_text(space.high);
}

std::string study_value_text(const StudySpace& space, double value) {
  if (space.is_choice()) {
    const auto index = static_cast<std::size_t>(
        std::clamp<double>(std::round(value), 0, static_cast<double>(space.choices.size() - 1)));
    return space.choices[index];
  }
  if (space.is_integer()) {
    return std::to_string(
        static_cast<std::int64_t>(std::clamp(std::round(value), space.low, space.high)));
  }
  return number_text(std::clamp(value, space.low, space.high));
}

Result<Project> apply_study_values(const Project& project, const std::vector<StudySpace>& spaces,
                                   const std::vector<double>& values, std::string* label) {
  Project trial = project;
  std::string text;
  for (std::size_t i = 0; i < spaces.size() && i < values.size(); ++i) {
    const std::string value = study_value_text(spaces[i], values[i]);
    if (auto error = apply_sweep_value(trial, spaces[i].setting, value)) return *error;
    text += (i == 0 ? "" : ", ") + spaces[i].setting + "=" + value;
  }
  if (label != nullptr) *label = text;
  return trial;
}

}  // namespace convstudio
