#include "settings_check.h"

#include <algorithm>

#include "convstudio/model/setting_rules.h"
#include "convstudio/model/setting_table.h"
#include "device_text.h"
#include "engine_text.h"

namespace convstudio {

std::vector<SettingsProblem> SettingsCheck::run(const DatasetSettings& dataset,
                                                const TrainingSettings& training,
                                                const DeviceReport& devices) {
  // The engine puts the reason CUDA is missing into its sentence; the studio's is translated.
  DeviceReport shown = devices;
  shown.cuda_unavailable_reason = cudaUnavailableText(devices).toStdString();
  std::vector<SettingsProblem> out;
  for (const SettingProblem& p : check_settings(dataset, training, shown)) {
    const bool error = p.severity == SettingProblem::Severity::Error;
    out.push_back({error ? SettingsProblem::Severity::Error : SettingsProblem::Severity::Warning,
                   editorOf(p.setting), p.setting, engineText(p.message)});
  }
  return out;
}

bool SettingsCheck::hasErrors(const std::vector<SettingsProblem>& problems) {
  return std::any_of(problems.begin(), problems.end(), [](const SettingsProblem& p) {
    return p.severity == SettingsProblem::Severity::Error;
  });
}

QString SettingsCheck::editorOf(const std::string& setting) {
  if (const TrainingSetting* training = find_training_setting(setting)) {
    return QString::fromStdString(training->editor);
  }
  if (const DatasetSetting* dataset = find_dataset_setting(setting)) {
    return QString::fromStdString(dataset->editor);
  }
  return {};
}

}  // namespace convstudio
