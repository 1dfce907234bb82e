#include "checkpoint_config.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "convstudio/model/training_settings.h"

namespace convstudio {
namespace {

using nlohmann::json;

constexpr char kConfigField[] = "config";

bool config_has(const json& object, const char* key) {
  return object.is_object() && object.contains(key);
}

// A list of finite numbers (floats the model uses), each positive when `positive` (std).
std::vector<double> config_numbers(StateFieldReader& read, const json& config, const char* key,
                                   bool positive) {
  std::vector<double> values;
  const json& list = read.field(config, kConfigField, key, &json::is_array, "a list of numbers");
  for (std::size_t i = 0; i < list.size() && !read.error(); ++i) {
    const std::string name = dotted(kConfigField, key) + "[" + std::to_string(i) + "]";
    const json& item = list[i];
    const double value = item.is_number() ? item.get<double>() : 0.0;
    if (!item.is_number() || !std::isfinite(value) || std::abs(value) > 1e30) {
      read.fail(name, "is " + item.dump() + ", not a finite number");
    } else if (positive && value <= 0) {
      read.fail(name, "is " + item.dump() + ", not a positive number");
    }
    values.push_back(value);
  }
  return values;
}

void config_strings(StateFieldReader& read, const json& config, const char* key) {
  const json& list = read.field(config, kConfigField, key, &json::is_array, "a list of strings");
  for (std::size_t i = 0; i < list.size() && !read.error(); ++i) {
    if (!list[i].is_string()) {
      read.fail(dotted(kConfigField, key) + "[" + std::to_string(i) + "]", "is not a string");
    }
  }
}

// Segmentation's class colours: a list of [red, green, blue], each an integer 0..255.
void config_colours(StateFieldReader& read, const json& config) {
  const json& list =
      read.field(config, kConfigField, "class_colours", &json::is_array, "a list of colours");
  for (std::size_t i = 0; i < list.size() && !read.error(); ++i) {
    const std::string name = dotted(kConfigField, "class_colours") + "[" + std::to_string(i) + "]";
    const json& colour = list[i];
    bool valid = colour.is_array() && colour.size() == 3;
    for (std::size_t c = 0; valid && c < 3; ++c) {
      valid = colour[c].is_number_integer() && colour[c].get<std::int64_t>() >= 0 &&
              colour[c].get<std::int64_t>() <= 255;
    }
    if (!valid) read.fail(name, "is " + colour.dump() + ", not [red, green, blue] in 0..255");
  }
}

// C×H×W within the Input block's ranges; returns the channels (0 when absent or refused).
std::int64_t config_input_channels(StateFieldReader& read, const json& config) {
  if (!config_has(config, "input_shape")) return 0;
  const json& shape =
      read.field(config, kConfigField, "input_shape", &json::is_array, "a list of integers");
  if (read.error()) return 0;
  const std::string name = dotted(kConfigField, "input_shape");
  if (shape.size() != 3) {
    read.fail(name, "has " + std::to_string(shape.size()) +
                        " dimensions; an input is channels × height × width");
    return 0;
  }
  const std::int64_t limits[] = {kMaxCheckpointInputChannels, kMaxCheckpointInputSide,
                                 kMaxCheckpointInputSide};
  for (std::size_t i = 0; i < 3; ++i) {
    const std::string item = name + "[" + std::to_string(i) + "]";
    if (!shape[i].is_number_integer()) {
      read.fail(item, "is not an integer");
      return 0;
    }
    read.in_range(shape[i], item, 1, limits[i]);
  }
  return read.error() ? 0 : shape[0].get<std::int64_t>();
}

// The statistics the input is normalised with: none (normalisation off), or one mean and one
// positive std per input channel. A project that normalises needs them, or every prediction
// would see raw pixels.
void check_normalisation(StateFieldReader& read, const json& config, std::int64_t channels) {
  const bool has_mean = config_has(config, "mean"), has_std = config_has(config, "std");
  if (!has_mean && !has_std) return;
  if (has_mean != has_std) {
    read.fail(dotted(kConfigField, has_mean ? "std" : "mean"),
              std::string("is missing while ") + (has_mean ? "mean" : "std") + " is given");
    return;
  }
  const std::vector<double> means = config_numbers(read, config, "mean", false);
  const std::vector<double> deviations = config_numbers(read, config, "std", true);
  if (read.error()) return;
  const json* dataset = nullptr;
  if (config_has(config, "project") && config_has(config["project"], "dataset")) {
    dataset = &config["project"]["dataset"];
  }
  const bool normalises = dataset != nullptr && config_has(*dataset, "normalize") &&
                          (*dataset)["normalize"].is_boolean() &&
                          (*dataset)["normalize"].get<bool>();
  if (means.empty() && normalises) {
    read.fail(dotted(kConfigField, "mean"),
              "is empty, but the project normalises its input (config.project.dataset.normalize)");
  } else if (means.size() != deviations.size()) {
    read.fail(dotted(kConfigField, "std"), "has " + std::to_string(deviations.size()) +
                                               " values but mean has " +
                                               std::to_string(means.size()));
  } else if (!means.empty() && channels > 0 &&
             static_cast<std::int64_t>(means.size()) != channels) {
    read.fail(dotted(kConfigField, "mean"), "has " + std::to_string(means.size()) +
                                                " values for an input of " +
                                                std::to_string(channels) + " channels");
  }
}

// What restore_planned_end reads from the project before the project file's own reader runs.
void check_planned_end(StateFieldReader& read, const json& config) {
  if (!config_has(config, "project") || !config_has(config["project"], "training")) return;
  const json& training = config["project"]["training"];
  const std::string path = "config.project.training";
  if (config_has(training, "epochs"))
    read.integer(training, path, "epochs", 1, kMaxCheckpointEpoch);
  if (config_has(training, "max_steps")) {
    read.integer(training, path, "max_steps", 0, std::numeric_limits<std::int64_t>::max());
  }
}

}  // namespace

void check_checkpoint_config(StateFieldReader& read, const json& config) {
  if (read.error()) return;
  if (config_has(config, "project") && !config["project"].is_object() &&
      !config["project"].is_string()) {
    read.fail("config.project", "is neither an object nor a string");
  }
  if (config_has(config, "batch_size")) {
    read.integer(config, kConfigField, "batch_size", 1, kMaxCheckpointBatchSize);
  }
  if (config_has(config, "accumulate")) {
    read.integer(config, kConfigField, "accumulate", 1, kMaxCheckpointAccumulate);
  }
  if (config_has(config, "world_size")) {
    read.integer(config, kConfigField, "world_size", 1, kMaxCheckpointWorldSize);
  }
  if (config_has(config, "device")) read.text(config, kConfigField, "device");
  if (config_has(config, "pretrained_blocks")) config_strings(read, config, "pretrained_blocks");
  if (config_has(config, "pretrained_lr_multiplier")) {
    read.number(config, kConfigField, "pretrained_lr_multiplier", kMinLrMultiplier,
                kMaxLrMultiplier);
  }
  if (config_has(config, "class_names")) config_strings(read, config, "class_names");
  if (config_has(config, "class_colours")) config_colours(read, config);
  if (config_has(config, "data_fingerprint")) read.text(config, kConfigField, "data_fingerprint");
  const std::int64_t channels = config_input_channels(read, config);
  check_normalisation(read, config, channels);
  check_planned_end(read, config);
}

void check_checkpoint_metrics(StateFieldReader& read, const json& metrics) {
  if (read.error() || !metrics.is_object()) return;
  // -1 until the first validation.
  if (config_has(metrics, "best_accuracy"))
    read.number(metrics, "metrics", "best_accuracy", -1.0, 1.0);
  if (config_has(metrics, "epochs")) {
    read.field(metrics, "metrics", "epochs", &json::is_array, "a list");
  }
}

}  // namespace convstudio
