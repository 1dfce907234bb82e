#pragma once
// Every dataset and training setting declared once, in the spirit of Qt Creator's aspects: its
// key in the project file, type, range or allowed names, unit, whether a sweep may vary it, its
// CLI flag and the studio editor that shows it (the default is the struct member's initializer).
// The project file's reader and writer, sweeps, the run comparison, the CLI flags and the
// studio's checks iterate these tables; nothing else spells a setting's key or range.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/training_settings.h"

namespace convstudio {

// The translation context of the settings' labels (SettingSpec::label).
inline constexpr const char* kSettingLabelContext = "Settings";

// Choice: one of `names` (an enum's words); Text: free text that `accepts` checks (the device).
enum class SettingType { Boolean, Integer, Number, Text, Choice };

// A setting's value: Boolean, Integer, Number, and Text or Choice (the word, "adamw").
using SettingValue = std::variant<bool, std::int64_t, double, std::string>;

// One setting of `Settings` (TrainingSettings or DatasetSettings). The range is inclusive;
// `written_when_set` settings are left out of a saved project file while they hold their default,
// so files that do not use them stay readable by older ConvStudios.
template <typename Settings>
struct SettingSpec {
  std::string key;  // in its JSON object: "lr", "channels", "horizontal_flip"
  // What the studio calls it ("Learning rate"): English, translated in kSettingLabelContext.
  std::string label;
  std::string group;  // the object inside the section that holds it: "", "input", "augmentation"
  SettingType type = SettingType::Number;
  std::int64_t integer_min = 0, integer_max = 0;  // Integer
  double number_min = 0, number_max = 0;          // Number
  std::vector<std::string> names;  // Choice: the allowed words; Text: the forms it accepts
  std::function<bool(std::string_view)> accepts;  // Text only
  std::string unit;                               // "steps", "epochs", "MiB"; empty: none
  bool sweepable = false;                         // a sweep may vary it (it changes what is learnt)
  bool written_when_set = false;
  std::string cli_flag;  // "--lr" on `train` (and the finders where they take it); empty: none
  std::string help;      // one line for the CLI's --help
  std::string editor;    // object name of the studio's editor, the id of its label and tooltip
  // Flags that each stand for one value of a Choice ("--channels-last" for "channels_last"),
  // kept from before the setting had that value's word; no value follows them.
  std::vector<std::pair<std::string, std::string>> cli_shorthands;
  std::function<SettingValue(const Settings&)> get;
  std::function<void(Settings&, const SettingValue&)> set;
};

// The words each enum setting accepts, in menu order: the one list the project file, the CLI
// and the studio take them from (defined beside each enum's to_string and parse).
const std::vector<std::string>& amp_mode_names();
const std::vector<std::string>& optimizer_kind_names();
const std::vector<std::string>& lr_schedule_names();
const std::vector<std::string>& memory_format_names();
const std::vector<std::string>& dataset_kind_names();
const std::vector<std::string>& validation_split_names();
const std::vector<std::string>& fit_mode_names();
const std::vector<std::string>& cache_mode_names();

using TrainingSetting = SettingSpec<TrainingSettings>;
using DatasetSetting = SettingSpec<DatasetSettings>;

// In the order the project file writes them (also the order of the run comparison's columns).
const std::vector<TrainingSetting>& training_setting_table();
const std::vector<DatasetSetting>& dataset_setting_table();

// The setting as the project file spells it, the place of its errors: "training.lr",
// "dataset.input.channels", "dataset.augmentation.horizontal_flip".
std::string setting_place(const TrainingSetting& setting);
std::string setting_place(const DatasetSetting& setting);

// The setting named by its key ("lr", "horizontal_flip") or by its place ("training.lr"),
// training's table first; nullptr when there is none.
const TrainingSetting* find_training_setting(std::string_view name);
const DatasetSetting* find_dataset_setting(std::string_view name);
// The one with this CLI flag ("--lr"); nullptr when none has it.
const TrainingSetting* find_training_flag(std::string_view flag);
const DatasetSetting* find_dataset_flag(std::string_view flag);

// Sets one setting from text as a user typed it (a CLI flag's value, a sweep value), through the
// project file's reader: a value is valid exactly when the project file would accept it, with
// the same message ("training.lr: 200 is outside 0..100"); where the file's message does not
// name the value ("must be a whole number"), the value goes in front. `settings` is unchanged
// on error. The error's place is setting_place().
std::optional<Error> set_from_text(TrainingSettings& settings, const TrainingSetting& setting,
                                   std::string_view text);
std::optional<Error> set_from_text(DatasetSettings& settings, const DatasetSetting& setting,
                                   std::string_view text);

}  // namespace convstudio
