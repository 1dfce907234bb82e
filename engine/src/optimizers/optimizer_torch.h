#pragma once
// The LibTorch half of an optimizer: the torch::optim optimizer a run's settings build, and what
// its state for one parameter is in a checkpoint (engine/src/checkpoint/optimizer_state.cpp
// stores it: tensors named GROUP.PARAM.NAME, and the parameter's step count where it keeps one).
// Each optimizer defines one in engine/src/optimizers/<home>/<home>_torch.cpp, registered with
// its torch-free spec by optimizers.def. Internal to convstudio_engine.

#include <torch/torch.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/model/optimizer_spec.h"

namespace convstudio {

// One parameter's optimizer state as a checkpoint holds it.
struct SavedParamState {
  std::map<std::string, torch::Tensor> tensors;  // by name ("exp_avg"); undefined ones left out
  std::optional<std::int64_t> step;              // steps taken, for optimizers that count them
};

// One parameter's state read back from a checkpoint.
struct RestoredParamState {
  // Null when the checkpoint holds none for the parameter (it had not been stepped yet).
  std::unique_ptr<torch::optim::OptimizerParamState> state;
  std::string problem;  // what makes the saved state unusable ("misses exp_avg"); empty if none
};

struct OptimizerTorch {
  std::unique_ptr<torch::optim::Optimizer> (*make)(const OptimizerSettings& settings,
                                                   std::vector<torch::Tensor> parameters) = nullptr;
  // Whether `optimizer` is this one: a checkpoint names the optimizer whose state it holds.
  bool (*is_instance)(const torch::optim::Optimizer& optimizer) = nullptr;
  // The names of the tensors it may keep per parameter, as the checkpoint names them.
  std::vector<std::string> state_tensors;
  SavedParamState (*save_state)(const torch::optim::OptimizerParamState& state) = nullptr;
  // `saved` holds what the checkpoint has of state_tensors, each already checked against the
  // parameter's shape and on the run's device, and its step count when it has one; `group` is
  // the options of the parameter's group (what the next steps will need of the state).
  RestoredParamState (*load_state)(SavedParamState saved,
                                   const torch::optim::OptimizerOptions& group) = nullptr;
};

// The LibTorch half of the optimizer of `kind` (the first one for a kind outside the registry).
const OptimizerTorch& optimizer_torch(OptimizerKind kind);
// The optimizer `optimizer` is; nullptr for one outside the registry.
const OptimizerSpec* spec_of(const torch::optim::Optimizer& optimizer);

}  // namespace convstudio
