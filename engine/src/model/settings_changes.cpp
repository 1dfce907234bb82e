#include "convstudio/model/settings_changes.h"

#include "settings_json.h"

namespace convstudio {
namespace {

// The project file's form is the one list of every setting, so comparing it misses none. A
// group ("augmentation") names its changed settings, not itself.
void compare(const nlohmann::ordered_json& before, const nlohmann::ordered_json& after,
             const std::string& section, std::vector<std::string>& changed) {
  for (const auto& [key, value] : after.items()) {
    if (before.contains(key) && before.at(key).is_object() && value.is_object()) {
      compare(before.at(key), value, section + "." + key, changed);
    } else if (!before.contains(key) || before.at(key) != value) {
      changed.push_back(section + "." + key);
    }
  }
  for (const auto& [key, value] : before.items()) {
    if (!after.contains(key)) changed.push_back(section + "." + key);
  }
}

}  // namespace

std::vector<std::string> changed_settings(const DatasetSettings& dataset_before,
                                          const TrainingSettings& training_before,
                                          const DatasetSettings& dataset_after,
                                          const TrainingSettings& training_after) {
  std::vector<std::string> changed;
  compare(SettingsJson::to_json(dataset_before), SettingsJson::to_json(dataset_after), "dataset",
          changed);
  compare(SettingsJson::to_json(training_before), SettingsJson::to_json(training_after), "training",
          changed);
  return changed;
}

}  // namespace convstudio
