#include "convstudio/runs/study_space.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "convstudio/model/setting_table.h"
#include "convstudio/runs/sweep.h"
#include "value_list.h"

namespace convstudio {
namespace {

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
                               const std::string& written) {
  const auto dots = range.find("..");
  const auto form = [&] {
    return Error::in_setting(
        place, "range '" + written + "': expected LOW..HIGH, log:LOW..HIGH or int:LOW..HIGH");
  };
  if (dots == std::string_view::npos) return form();
  const std::optional<double> low = number_in(trimmed(range.substr(0, dots)));
  const std::optional<double> high = number_in(trimmed(range.substr(dots + 2)));
  if (!low || !high) return form();
  if (*low >= *high) {
    return Error::in_setting(place,
                             "range '" + written + "': its low end must be below its high end");
  }
  if (space.is_log() && *low <= 0) {
    return Error::in_setting(place, "range '" + written + "': a log range must start above 0");
  }
  if (space.is_integer() && (*low != std::floor(*low) || *high != std::floor(*high))) {
    return Error::in_setting(place, "range '" + written + "': an int range takes whole numbers");
  }
  const std::optional<SettingRange> allowed = setting_range(space.setting);
  if (!allowed) {
    return Error::in_setting(place, "range '" + written +
                                        "': this setting takes words or on/off; list its values "
                                        "(" +
                                        space.setting + "=A,B)");
  }
  if (allowed->integer && !space.is_integer()) {
    return Error::in_setting(place, "range '" + written + "': this setting is a whole number");
  }
  if (!allowed->integer && space.is_integer()) {
    return Error::in_setting(place, "range '" + written + "': this setting is not a whole number");
  }
  if (*low < allowed->min || *high > allowed->max) {
    return Error::in_setting(place, "range '" + written + "' is outside the setting's range " +
                                        number_text(allowed->min) + ".." +
                                        number_text(allowed->max));
  }
  space.low = *low;
  space.high = *high;
  return space;
}

Result<StudySpace> parse_choices(StudySpace space, std::string_view rest,
                                 const std::string& place) {
  space.kind = StudySpaceKind::Choice;
  Result<std::vector<std::string>> choices = comma_separated_values(rest, place, "choice");
  if (!choices) return choices.error();
  // Through the project file's reader, so a choice is valid exactly when a sweep's value is.
  for (const std::string& value : choices.value()) {
    Project probe;
    if (auto error = apply_sweep_value(probe, space.setting, value)) {
      return Error::in_setting(place, "choice '" + value + "': " + error->message);
    }
  }
  space.choices = std::move(choices).value();
  return space;
}

}  // namespace

Result<StudySpace> parse_study_space(std::string_view text) {
  const auto equals = text.find('=');
  if (equals == std::string_view::npos) {
    return Error::in_setting("param",
                             "expected SETTING=SPACE (lr=log:1e-4..1, "
                             "batch_size=32,64,128), not '" +
                                 std::string(text) + "'");
  }
  StudySpace space;
  space.setting = trimmed(text.substr(0, equals));
  const auto& sweepable = sweepable_settings();
  if (std::find(sweepable.begin(), sweepable.end(), space.setting) == sweepable.end()) {
    std::string names;
    for (const std::string& name : sweepable) names += (names.empty() ? "" : ", ") + name;
    return Error::in_setting(space.setting.empty() ? "param" : space.setting,
                             "cannot be searched; a study varies one of: " + names);
  }
  const std::string place = place_of(space.setting);
  const std::string rest = trimmed(text.substr(equals + 1));
  if (rest.empty()) return Error::in_setting(place, "has no space to search");
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
    return parse_range(std::move(space), range, place, rest);
  }
  return parse_choices(std::move(space), rest, place);
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
