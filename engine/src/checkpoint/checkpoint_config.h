#pragma once
// The ranges of a checkpoint's state.json beyond its types: the run's configuration (batch size,
// input shape, normalisation statistics, ...) and metrics, which predict, export, evaluate and a
// resume trust to size tensors and loops. A hand-edited or hostile value is refused at its field.

#include <cstdint>

#include <nlohmann/json.hpp>

#include "state_field_reader.h"

namespace convstudio {

// The largest step or batch count state.json may hold: 2^53, the largest integer every JSON
// reader keeps exactly; far beyond any run, and far from where an int64 counter wraps.
inline constexpr std::int64_t kMaxCheckpointCount = std::int64_t{1} << 53;
// The largest epoch a run reaches: the project's largest `epochs` (settings_json.cpp).
inline constexpr std::int64_t kMaxCheckpointEpoch = std::int64_t{1} << 20;
// The project's largest batch_size and accumulate (settings_json.cpp).
inline constexpr std::int64_t kMaxCheckpointBatchSize = std::int64_t{1} << 20;
inline constexpr std::int64_t kMaxCheckpointAccumulate = std::int64_t{1} << 16;
// Processes of a data-parallel run: --nnodes (4096) × --nproc-per-node (1024).
inline constexpr std::int64_t kMaxCheckpointWorldSize = std::int64_t{1} << 22;
// The Input block's ranges (engine/src/blocks/input; a test keeps them equal): the input_shape a
// checkpoint gives predict and export.
inline constexpr std::int64_t kMaxCheckpointInputChannels = 64;
inline constexpr std::int64_t kMaxCheckpointInputSide = 4096;

// Checks `config` (state.json's "config"): every field the trainer writes, where present (older
// checkpoints lack some), within its range; problems go to `read` at "config.FIELD".
void check_checkpoint_config(StateFieldReader& read, const nlohmann::json& config);
// Checks `metrics` (state.json's "metrics"): best_accuracy a number in -1..1, epochs a list.
void check_checkpoint_metrics(StateFieldReader& read, const nlohmann::json& metrics);

}  // namespace convstudio
