#pragma once
// What `find-lr` and `find-batch-size` share: the project file with the settings a user may
// override for one trial (device, precision, optimizer, batch size), and Ctrl+C / SIGTERM,
// which stop a finder cleanly between two steps.

#include <cstdint>
#include <optional>
#include <string>

#include "convstudio/model/project.h"
#include "setting_flags.h"

namespace CLI {
class App;
}

namespace convstudio::cli {

// Adds --device, --amp, --optimizer, --batch-size (and --lr when `with_lr`) to `command`.
void add_tuning_overrides(CLI::App* command, SettingFlags& overrides, bool with_lr);

// The project in `file` with the overrides applied and the settings checked as `train` checks
// them (warnings printed); on failure prints why and returns nullopt.
std::optional<Project> load_tuning_project(const std::string& file, const SettingFlags& overrides);

// Saves `project` back into `file` (the finders' --apply); prints why not and returns false.
bool save_tuning_project(const Project& project, const std::string& file);

// While it lives, Ctrl+C and SIGTERM set a flag instead of killing the program.
class InterruptWatch {
 public:
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;
  bool requested() const;
};

}  // namespace convstudio::cli
