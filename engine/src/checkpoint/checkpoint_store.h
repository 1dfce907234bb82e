#pragma once
// A checkpoint is a folder NAME.ckpt/ holding model.safetensors (parameters and buffers by module
// name), optimizer.safetensors (see optimizer_state.h) and state.json (see CheckpointState), all
// plain data: opening one never runs a loader that can execute code from the file. It is
// written as a temporary sibling and swapped in whole, so an interrupted save leaves the previous
// checkpoint as it was; loading checks every file before anything is used.

#include <filesystem>
#include <optional>
#include <string>

#include <torch/torch.h>

#include "checkpoint_state.h"
#include "convstudio/error.h"
#include "convstudio/result.h"
#include "module_tensors.h"
#include "runs/checkpoint_files.h"

namespace convstudio {

struct CheckpointData {
  NamedTensors model;     // CPU tensors
  std::string optimizer;  // bytes from save_optimizer_state(); empty unless loaded to resume
  CheckpointState state;
  bool legacy_optimizer = false;  // `optimizer` holds an old optimizer.pt archive
};

// Predicting, exporting and evaluating need the weights and the state only; the optimizer's file
// is read (and an old optimizer.pt unpickled) only to resume training.
enum class CheckpointUse { Weights, Resume };

// Takes what a checkpoint needs from a live model and optimizer (copies, on the CPU).
CheckpointData capture_checkpoint(const torch::nn::Module& model,
                                  const torch::optim::Optimizer& optimizer, CheckpointState state);

std::optional<Error> save_checkpoint(const std::filesystem::path& dir, const CheckpointData& data);
Result<CheckpointData> load_checkpoint(const std::filesystem::path& dir,
                                       CheckpointUse use = CheckpointUse::Weights);

// Puts the weights into `model` and the state into `optimizer`, whose tensors go to the model's
// device. Schedule, scaler and RNG states are in data.state for their owners to load. `dir`
// names the files in errors.
std::optional<Error> apply_checkpoint(const CheckpointData& data, torch::nn::Module& model,
                                      torch::optim::Optimizer& optimizer,
                                      const std::filesystem::path& dir);

// A problem of the project a checkpoint carries (parsed from state.json's config.project), placed
// in that file: the field path gains the "config.project." prefix.
Error checkpoint_project_error(Error error, const std::filesystem::path& dir);

}  // namespace convstudio
