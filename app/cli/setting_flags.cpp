#include "setting_flags.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "convstudio/model/setting_rules.h"
#include "convstudio/model/setting_table.h"
#include "convstudio/system_info.h"

namespace convstudio::cli {
namespace {

// What --help shows for a value: its type and range or words, from the table.
template <typename Setting>
std::string value_type(const Setting& setting) {
  auto joined = [&](const char* separator) {
    std::string text;
    for (const std::string& name : setting.names) text += (text.empty() ? "" : separator) + name;
    return text;
  };
  std::ostringstream text;
  switch (setting.type) {
    case SettingType::Integer:
      text << "INT";
      if (setting.integer_max == std::numeric_limits<std::int64_t>::max()) {
        text << " >= " << setting.integer_min;
      } else {
        text << " in [" << setting.integer_min << " - " << setting.integer_max << "]";
      }
      break;
    case SettingType::Number:
      text << "NUMBER in [" << setting.number_min << " - " << setting.number_max << "]";
      break;
    case SettingType::Choice:
      text << "{" << joined(",") << "}";
      break;
    case SettingType::Text:
      text << (setting.names.empty() ? "TEXT" : joined("|"));
      break;
    case SettingType::Boolean:
      break;
  }
  return text.str();
}

// The flag and help of a setting from either table; throws for a key with no flag (a
// programming error in the command that names it).
template <typename Setting>
void add_setting_flag(CLI::App* command, const Setting& setting, const std::string& help,
                      std::optional<std::string>& value, std::optional<bool>& on) {
  if (setting.cli_flag.empty()) throw std::logic_error("setting " + setting.key + " has no flag");
  const std::string& text = help.empty() ? setting.help : help;
  if (setting.type == SettingType::Boolean) {
    command->add_flag(setting.cli_flag + ",!--no-" + setting.cli_flag.substr(2), on, text);
    return;
  }
  CLI::Option* option =
      command->add_option(setting.cli_flag, value, text)->type_name(value_type(setting));
  for (const auto& [flag, word] : setting.cli_shorthands) {
    command
        ->add_flag_callback(
            flag, [&value, word = word] { value = word; },
            "Same as " + setting.cli_flag + " " + word)
        ->excludes(option);
  }
}

template <typename Settings>
void apply_flag_text(Settings& settings, const SettingSpec<Settings>& setting,
                     const std::optional<std::string>& value, const std::optional<bool>& on,
                     std::vector<Error>& errors) {
  if (!value && !on) return;
  const std::string text = on ? (*on ? "true" : "false") : *value;
  // The project file's message and place ("training.lr: 200 is outside 0..100").
  if (std::optional<Error> error = set_from_text(settings, setting, text)) errors.push_back(*error);
}

}  // namespace

void SettingFlags::add(CLI::App* command, const std::string& key, const std::string& help) {
  std::optional<std::string>& value = values_[key];
  std::optional<bool>& on = switches_[key];
  if (const TrainingSetting* setting = find_training_setting(key)) {
    add_setting_flag(command, *setting, help, value, on);
  } else if (const DatasetSetting* dataset = find_dataset_setting(key)) {
    add_setting_flag(command, *dataset, help, value, on);
  } else {
    throw std::logic_error("no setting " + key);
  }
}

void SettingFlags::add(CLI::App* command, const std::vector<std::string>& keys) {
  for (const std::string& key : keys) add(command, key);
}

void SettingFlags::add_every(CLI::App* command) {
  for (const TrainingSetting& setting : training_setting_table()) {
    if (!setting.cli_flag.empty()) add(command, setting.key);
  }
  for (const DatasetSetting& setting : dataset_setting_table()) {
    if (!setting.cli_flag.empty()) add(command, setting.key);
  }
}

bool SettingFlags::given(std::string_view key) const {
  const auto value = values_.find(key);
  const auto on = switches_.find(key);
  return (value != values_.end() && value->second) || (on != switches_.end() && on->second);
}

bool SettingFlags::any_given() const {
  for (const auto& [key, value] : values_) {
    if (given(key)) return true;
  }
  return false;
}

std::vector<Error> SettingFlags::apply_to(Project& project) const {
  std::vector<Error> errors;
  auto flag = [&](const std::string& key, auto& settings, const auto& setting) {
    const auto value = values_.find(key);
    if (value == values_.end()) return;
    apply_flag_text(settings, setting, value->second, switches_.at(key), errors);
  };
  for (const TrainingSetting& setting : training_setting_table()) {
    flag(setting.key, project.training, setting);
  }
  for (const DatasetSetting& setting : dataset_setting_table()) {
    flag(setting.key, project.dataset, setting);
  }
  return errors;
}

bool passes_setting_checks(const Project& project) {
  const std::vector<SettingProblem> problems =
      check_settings(project.dataset, project.training, probe_devices());
  for (const SettingProblem& problem : problems) {
    const bool error = problem.severity == SettingProblem::Severity::Error;
    std::cerr << (error ? "error: " : "warning: ") << problem.error().describe() << "\n";
  }
  return !has_setting_errors(problems);
}

}  // namespace convstudio::cli
