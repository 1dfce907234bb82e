#pragma once
// The rules between settings that no single setting's range can say (a warm-up longer than the
// run, Nesterov with Adam, a CUDA device on a machine without one), checked alike by the studio
// before Start and by the CLI before a run: errors refuse the run, warnings are shown.

#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/training_settings.h"
#include "convstudio/runs/message_text.h"
#include "convstudio/system_info.h"

namespace convstudio {

// One problem with its place: the setting as the project file spells it ("training.lr"), which
// the studio maps to the editor that shows it (SettingSpec::editor) and the CLI prints.
struct SettingProblem {
  enum class Severity { Error, Warning };
  Severity severity = Severity::Error;
  std::string setting;  // "training.warmup_steps", "dataset.path"
  MessageText message;  // English for the CLI; the studio translates the pattern

  // The problem as the one error value: its place is the setting.
  Error error() const { return Error::in_setting(setting, message.english()); }
  bool operator==(const SettingProblem&) const = default;
};

// Every problem of these settings on a machine with `devices`, dataset ones first. Dataset paths
// are checked as given (relative to the working folder).
std::vector<SettingProblem> check_settings(const DatasetSettings& dataset,
                                           const TrainingSettings& training,
                                           const DeviceReport& devices);

bool has_setting_errors(const std::vector<SettingProblem>& problems);

}  // namespace convstudio
