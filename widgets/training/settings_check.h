#pragma once
// Invalid or doubtful combinations of dataset and training settings, found before Start so the
// settings panel can explain them next to the fields (errors block Start; warnings do not).

#include <QCoreApplication>
#include <QString>

#include <vector>

#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/training_settings.h"
#include "convstudio/system_info.h"

namespace convstudio {

struct SettingsProblem {
  enum class Severity { Error, Warning };
  Severity severity = Severity::Error;
  QString field;  // object name of the editor the problem is about
  QString message;
};

class SettingsCheck {
  Q_DECLARE_TR_FUNCTIONS(SettingsCheck)

 public:
  static std::vector<SettingsProblem> run(const DatasetSettings& dataset,
                                          const TrainingSettings& training,
                                          const DeviceReport& devices);
  static bool hasErrors(const std::vector<SettingsProblem>& problems);

 private:
  static void checkDataset(const DatasetSettings& d, std::vector<SettingsProblem>& out);
  static void checkDevice(const TrainingSettings& t, const DeviceReport& devices,
                          std::vector<SettingsProblem>& out);
  static void checkOptimizer(const TrainingSettings& t, std::vector<SettingsProblem>& out);
};

}  // namespace convstudio
