#include "convstudio/runs/sweep.h"

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "settings_json.h"
#include "timestamped_name.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

constexpr char kAugmentation[] = "dataset.augmentation";

// Where a sweepable setting lives in the project file; training's unless listed here.
const std::set<std::string, std::less<>>& augmentation_settings() {
  static const std::set<std::string, std::less<>> names = {
      "random_crop_padding", "horizontal_flip", "rotation_degrees", "brightness",    "contrast",
      "random_resized_crop", "crop_min_scale",  "crop_max_scale",   "random_erasing"};
  return names;
}

bool is_sweepable(std::string_view setting) {
  const auto& names = sweepable_settings();
  return std::find(names.begin(), names.end(), setting) != names.end();
}

// The setting as the project file spells it, the place of its errors: "training.lr".
std::string setting_place(std::string_view setting) {
  const bool augmentation = augmentation_settings().contains(setting);
  return (augmentation ? std::string(kAugmentation) : std::string("training")) + "." +
         std::string(setting);
}

std::string trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

Error unknown_setting(std::string_view setting) {
  std::string names;
  for (const std::string& name : sweepable_settings()) names += (names.empty() ? "" : ", ") + name;
  return Error::in_setting(std::string(setting),
                           "cannot be swept; a sweep varies one of: " + names);
}

// The value as the project file would hold it: a number or true/false when the text is one,
// otherwise the text as a string ("fp16", "cosine").
Json value_json(std::string_view text) {
  Json parsed = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (parsed.is_number() || parsed.is_boolean()) return parsed;
  return Json(std::string(text));
}

}  // namespace

const std::vector<std::string>& sweepable_settings() {
  static const std::vector<std::string> names = {"lr",
                                                 "batch_size",
                                                 "accumulate",
                                                 "amp",
                                                 "optimizer",
                                                 "momentum",
                                                 "nesterov",
                                                 "weight_decay",
                                                 "epochs",
                                                 "schedule",
                                                 "warmup_steps",
                                                 "step_size_epochs",
                                                 "step_gamma",
                                                 "clip_grad_norm",
                                                 "seed",
                                                 "channels_last",
                                                 "pretrained_lr_multiplier",
                                                 "random_crop_padding",
                                                 "horizontal_flip",
                                                 "rotation_degrees",
                                                 "brightness",
                                                 "contrast",
                                                 "random_resized_crop",
                                                 "crop_min_scale",
                                                 "crop_max_scale",
                                                 "random_erasing"};
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
  if (!is_sweepable(axis.setting)) return unknown_setting(axis.setting);
  const std::string place = setting_place(axis.setting);
  std::string_view rest = text.substr(equals + 1);
  if (trimmed(rest).empty()) return Error::in_setting(place, "has no values to sweep");
  while (true) {
    const auto comma = rest.find(',');
    const std::string value = trimmed(rest.substr(0, comma));
    if (value.empty()) {
      return Error::in_setting(place, "has an empty value (two commas, or one at an end)");
    }
    if (std::find(axis.values.begin(), axis.values.end(), value) != axis.values.end()) {
      return Error::in_setting(place, "lists the value '" + value + "' twice");
    }
    axis.values.push_back(value);
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return axis;
}

std::optional<Error> apply_sweep_value(Project& project, std::string_view setting,
                                       std::string_view value) {
  if (!is_sweepable(setting)) return unknown_setting(setting);
  const std::string key(setting);
  std::vector<Error> errors;
  // Through the project file's reader, so the rules for a value are written once.
  if (augmentation_settings().contains(setting)) {
    Json json = SettingsJson::to_json(project.dataset)["augmentation"];
    json[key] = value_json(value);
    AugmentationSettings read = SettingsJson::augmentation_from_json(json, kAugmentation, errors);
    if (errors.empty()) project.dataset.augmentation = read;
  } else {
    Json json = SettingsJson::to_json(project.training, SettingsJson::Keys::Every);
    json[key] = value_json(value);
    TrainingSettings read = SettingsJson::training_from_json(json, "training", errors);
    if (errors.empty()) project.training = read;
  }
  if (errors.empty()) return std::nullopt;
  // The reader names the value in most messages ("200 is outside 0..100"); where it does not
  // ("must be a whole number"), the value goes in front.
  const Error& first = errors.front();
  const bool names_value = first.message.find(value) != std::string::npos;
  return Error::in_setting(
      first.field, names_value ? first.message : "'" + std::string(value) + "' " + first.message);
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
    if (!is_sweepable(axes[a].setting)) return unknown_setting(axes[a].setting);
    const std::string place = setting_place(axes[a].setting);
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
