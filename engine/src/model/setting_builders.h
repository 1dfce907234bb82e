#pragma once
// Builds the table's entries from struct members (internal to the setting tables): one call per
// setting, its type taken from the member's, its getter and setter written once here.

#include <string>
#include <utility>
#include <vector>

#include "convstudio/model/setting_table.h"

namespace convstudio::setting_builders {

// What a table entry says besides its key, member and range, written with designated
// initializers in this order: {.label = …, .unit = "steps", .sweepable = true, .flag = "--lr",
// ...}.
struct About {
  std::string label;
  std::string unit;
  bool sweepable = false;
  bool written_when_set = false;
  std::string flag;
  std::string help;
  std::string editor;
  std::vector<std::pair<std::string, std::string>> shorthands;
};

template <typename Settings>
SettingSpec<Settings> with(SettingSpec<Settings> s, const About& about) {
  s.label = about.label;
  s.unit = about.unit;
  s.sweepable = about.sweepable;
  s.written_when_set = about.written_when_set;
  s.cli_flag = about.flag;
  s.help = about.help;
  s.editor = about.editor;
  s.cli_shorthands = about.shorthands;
  return s;
}

template <typename Settings>
SettingSpec<Settings> integer(std::string key, std::int64_t Settings::*member, std::int64_t min,
                              std::int64_t max, const About& about = {}) {
  SettingSpec<Settings> s;
  s.key = std::move(key);
  s.type = SettingType::Integer;
  s.integer_min = min;
  s.integer_max = max;
  s.get = [member](const Settings& x) { return SettingValue(x.*member); };
  s.set = [member](Settings& x, const SettingValue& v) { x.*member = std::get<std::int64_t>(v); };
  return with(std::move(s), about);
}

template <typename Settings>
SettingSpec<Settings> number(std::string key, double Settings::*member, double min, double max,
                             const About& about = {}) {
  SettingSpec<Settings> s;
  s.key = std::move(key);
  s.type = SettingType::Number;
  s.number_min = min;
  s.number_max = max;
  s.get = [member](const Settings& x) { return SettingValue(x.*member); };
  s.set = [member](Settings& x, const SettingValue& v) { x.*member = std::get<double>(v); };
  return with(std::move(s), about);
}

template <typename Settings>
SettingSpec<Settings> boolean(std::string key, bool Settings::*member, const About& about = {}) {
  SettingSpec<Settings> s;
  s.key = std::move(key);
  s.type = SettingType::Boolean;
  s.get = [member](const Settings& x) { return SettingValue(x.*member); };
  s.set = [member](Settings& x, const SettingValue& v) { x.*member = std::get<bool>(v); };
  return with(std::move(s), about);
}

// Free text that `accepts` checks; `forms` names what it accepts in the error message.
template <typename Settings>
SettingSpec<Settings> text(std::string key, std::string Settings::*member,
                           std::vector<std::string> forms,
                           std::function<bool(std::string_view)> accepts, const About& about = {}) {
  SettingSpec<Settings> s;
  s.key = std::move(key);
  s.type = SettingType::Text;
  s.names = std::move(forms);
  s.accepts = std::move(accepts);
  s.get = [member](const Settings& x) { return SettingValue(x.*member); };
  s.set = [member](Settings& x, const SettingValue& v) { x.*member = std::get<std::string>(v); };
  return with(std::move(s), about);
}

// An enum member read and written as its word: `names` are the words, `parse` turns one back
// (the setting's own to_string writes it).
template <typename Settings, typename Enum>
SettingSpec<Settings> choice(std::string key, Enum Settings::*member,
                             const std::vector<std::string>& names,
                             std::optional<Enum> (*parse)(std::string_view),
                             const About& about = {}) {
  SettingSpec<Settings> s;
  s.key = std::move(key);
  s.type = SettingType::Choice;
  s.names = names;
  s.get = [member](const Settings& x) { return SettingValue(to_string(x.*member)); };
  s.set = [member, parse](Settings& x, const SettingValue& v) {
    x.*member = *parse(std::get<std::string>(v));
  };
  return with(std::move(s), about);
}

// A setting of a struct inside `Outer` (the augmentation inside the dataset settings), in the
// project file's object `group` ("": in `Outer`'s own object, as the optimizer's settings are
// grouped in TrainingSettings yet named "training.lr", never "training.optimizer.lr").
template <typename Outer, typename Inner>
SettingSpec<Outer> inside(Inner Outer::*member, std::string group, SettingSpec<Inner> inner) {
  SettingSpec<Outer> s;
  s.key = std::move(inner.key);
  s.group = std::move(group);
  s.type = inner.type;
  s.integer_min = inner.integer_min;
  s.integer_max = inner.integer_max;
  s.number_min = inner.number_min;
  s.number_max = inner.number_max;
  s.names = std::move(inner.names);
  s.accepts = std::move(inner.accepts);
  s.label = std::move(inner.label);
  s.unit = std::move(inner.unit);
  s.sweepable = inner.sweepable;
  s.written_when_set = inner.written_when_set;
  s.cli_flag = std::move(inner.cli_flag);
  s.help = std::move(inner.help);
  s.editor = std::move(inner.editor);
  s.get = [member, get = std::move(inner.get)](const Outer& x) { return get(x.*member); };
  s.set = [member, set = std::move(inner.set)](Outer& x, const SettingValue& v) {
    set(x.*member, v);
  };
  return s;
}

}  // namespace convstudio::setting_builders
