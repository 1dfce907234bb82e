#include "convstudio/runs/sweep.h"

#include <algorithm>
#include "convstudio/model/setting_table.h"
#include "search_messages.h"
#include "timestamped_name.h"
#include "value_list.h"

namespace convstudio {
namespace {

// The table entry of a sweepable setting named as a sweep names it ("lr", "horizontal_flip");
// both null when there is none.
struct SweptSetting {
  const TrainingSetting* training = nullptr;
  const DatasetSetting* dataset = nullptr;

  explicit operator bool() const { return training != nullptr || dataset != nullptr; }
  // The setting as the project file spells it, the place of its errors: "training.lr".
  std::string place() const {
    return training ? setting_place(*training) : setting_place(*dataset);
  }
};

SweptSetting swept_setting(std::string_view name) {
  for (const TrainingSetting& setting : training_setting_table()) {
    if (setting.sweepable && setting.key == name) return {&setting, nullptr};
  }
  for (const DatasetSetting& setting : dataset_setting_table()) {
    if (setting.sweepable && setting.key == name) return {nullptr, &setting};
  }
  return {};
}

Error unknown_setting(std::string_view setting) {
  std::string names;
  for (const std::string& name : sweepable_settings()) names += (names.empty() ? "" : ", ") + name;
  return Error::in_setting(std::string(setting),
                           "cannot be swept; a sweep varies one of: " + names);
}

}  // namespace

const std::vector<std::string>& sweepable_settings() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> keys;
    for (const TrainingSetting& setting : training_setting_table()) {
      if (setting.sweepable) keys.push_back(setting.key);
    }
    for (const DatasetSetting& setting : dataset_setting_table()) {
      if (setting.sweepable) keys.push_back(setting.key);
    }
    return keys;
  }();
  return names;
}

Result<SweepAxis> parse_sweep_axis(std::string_view text) {
  const auto equals = text.find('=');
  if (equals == std::string_view::npos) {
    return Error::in_setting("sweep",
                             "expected SETTING=VALUE,VALUE… (such as lr=0.01,0.003), "
                             "not '" +
                                 std::string(text) + "'");
  }
  SweepAxis axis;
  axis.setting = trimmed(text.substr(0, equals));
  const SweptSetting swept = swept_setting(axis.setting);
  if (!swept) return unknown_setting(axis.setting);
  const std::string place = swept.place();
  const std::string_view rest = text.substr(equals + 1);
  if (trimmed(rest).empty()) return Error::in_setting(place, "has no values to sweep");
  Result<std::vector<std::string>> values = comma_separated_values(
      rest, place, {search_messages::kEmptyValue, search_messages::kValueTwice});
  if (!values) return values.error();
  axis.values = std::move(values).value();
  return axis;
}

std::optional<Error> apply_sweep_value(Project& project, std::string_view setting,
                                       std::string_view value) {
  const SweptSetting swept = swept_setting(setting);
  if (!swept) return unknown_setting(setting);
  // Through the project file's reader (set_from_text), so the rules for a value are written once.
  return swept.training ? set_from_text(project.training, *swept.training, value)
                        : set_from_text(project.dataset, *swept.dataset, value);
}

std::string new_sweep_id(const RunQueue& queue) {
  const std::string base = local_time_text("%Y%m%d-%H%M%S");
  auto taken = [&](const std::string& id) {
    return std::any_of(queue.runs.begin(), queue.runs.end(),
                       [&](const QueuedRun& run) { return run.sweep == id; });
  };
  std::string id = base;
  for (int n = 2; taken(id); ++n) id = base + "-" + std::to_string(n);
  return id;
}

Result<std::vector<QueuedRun>> expand_sweep(const Project& project,
                                            const std::vector<SweepAxis>& axes,
                                            const std::string& sweep_id) {
  if (axes.empty()) {
    return Error::in_setting("sweep", "no setting to sweep (give SETTING=VALUE,VALUE…)");
  }
  for (std::size_t a = 0; a < axes.size(); ++a) {
    const SweptSetting swept = swept_setting(axes[a].setting);
    if (!swept) return unknown_setting(axes[a].setting);
    const std::string place = swept.place();
    if (axes[a].values.empty()) return Error::in_setting(place, "has no values to sweep");
    for (std::size_t b = 0; b < a; ++b) {
      if (axes[b].setting == axes[a].setting) {
        return Error::in_setting(place, "is swept twice; give all its values in one list");
      }
    }
  }
  std::vector<QueuedRun> grid;
  // An odometer over the axes: the last one turns fastest, so the first varies slowest.
  std::vector<std::size_t> at(axes.size(), 0);
  while (true) {
    QueuedRun run;
    run.sweep = sweep_id;
    run.project = project;
    for (std::size_t a = 0; a < axes.size(); ++a) {
      const std::string& value = axes[a].values[at[a]];
      if (auto error = apply_sweep_value(run.project, axes[a].setting, value)) return *error;
      run.label += (a == 0 ? "" : ", ") + axes[a].setting + "=" + value;
    }
    grid.push_back(std::move(run));
    std::size_t a = axes.size();
    while (a > 0 && ++at[a - 1] == axes[a - 1].values.size()) at[--a] = 0;
    if (a == 0) break;
  }
  return grid;
}

}  // namespace convstudio
