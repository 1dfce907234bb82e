#pragma once
// The engine's setting rules (check_settings) as the settings panel shows them: each problem on
// the editor of its setting, in the user's language (errors block Start; warnings do not).

#include <QCoreApplication>
#include <QString>

#include <string>
#include <vector>

#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/training_settings.h"
#include "convstudio/system_info.h"

namespace convstudio {

struct SettingsProblem {
  enum class Severity { Error, Warning };
  Severity severity = Severity::Error;
  QString field;        // object name of the editor the problem is about
  std::string setting;  // its place, "training.lr": where the Problems dock points
  QString message;
};

class SettingsCheck {
  Q_DECLARE_TR_FUNCTIONS(SettingsCheck)

 public:
  static std::vector<SettingsProblem> run(const DatasetSettings& dataset,
                                          const TrainingSettings& training,
                                          const DeviceReport& devices);
  static bool hasErrors(const std::vector<SettingsProblem>& problems);
  // The object name of the editor that shows `setting` ("training.warmup_steps" → "warmupSteps"),
  // from the setting table; empty when no editor shows it.
  static QString editorOf(const std::string& setting);
};

}  // namespace convstudio
