#pragma once
// Starting a model from weights saved elsewhere (an imported model, a checkpoint, a safetensors
// file named by block id): every tensor that fits is copied; an Output block whose class count
// changed (or, for a pass-through Output, the last layer with weights before it) is left freshly
// initialised (and said so); other shape mismatches are refused, listed by block. Internal to the
// engine.

#include <string>
#include <vector>

#include "checkpoint/module_tensors.h"
#include "convstudio/model/graph.h"
#include "convstudio/result.h"

namespace convstudio {

struct StartWeightsReport {
  std::int64_t copied = 0;                 // tensors copied from the file
  std::vector<std::string> reinitialised;  // Output blocks whose classes changed
  std::vector<std::string> not_in_file;    // blocks with tensors the file does not have
  // Blocks with parameters that all came from the file: what a pretrained learning-rate
  // multiplier applies to.
  std::vector<std::string> pretrained;
};

// Changes nothing when it returns an error; `source` names the file.
Result<StartWeightsReport> apply_start_weights(torch::nn::Module& module, const Graph& graph,
                                               const NamedTensors& tensors,
                                               const std::string& source);

}  // namespace convstudio
