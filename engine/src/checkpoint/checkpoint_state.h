#pragma once
// Everything in a checkpoint besides the weights and the optimizer: where the run was, its
// configuration and metrics, the schedule, the loss scaler and the random generators. Stored as
// state.json; the JSON form lives here so the format is defined in one place.

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "convstudio/result.h"
#include "convstudio/train/lr_schedule_config.h"
#include "resume_states.h"

namespace convstudio {

struct CheckpointState {
  std::int64_t epoch = 0;          // the epoch in progress, 0-based
  std::int64_t step_in_epoch = 0;  // batches of that epoch already trained
  std::int64_t global_step = 0;    // optimizer steps since the run began
  nlohmann::json config =
      nlohmann::json::object();  // the run's configuration, as the trainer wrote it
  nlohmann::json metrics = nlohmann::json::object();  // metrics so far, as the trainer wrote them
  LrScheduleState schedule;
  LossScalerState scaler;
  RngState rng;
};

// The version written into state.json; a reader refuses newer ones.
inline constexpr int kCheckpointFormatVersion = 1;

nlohmann::json checkpoint_state_to_json(const CheckpointState& state);
// Checks every field's presence and type; `source` names the file in errors.
Result<CheckpointState> checkpoint_state_from_json(const nlohmann::json& json,
                                                   const std::string& source);

nlohmann::json lr_schedule_config_to_json(const LrScheduleConfig& config);

}  // namespace convstudio
