#pragma once
// Small trained-looking models for the export tests: a template with random weights and
// BatchNorm running statistics far from their defaults, so inference form matters.

#include <filesystem>
#include <string>

#include <torch/torch.h>

#include "export/trained_model.h"

namespace convstudio::testing {

// The template at `input` with 10 named classes, mean/std for every channel, seeded weights.
TrainedModel random_trained_model(const std::string& template_name, const TensorShape& input,
                                  std::uint64_t seed = 1);
// Any graph (e.g. every block type) with seeded weights and non-trivial BatchNorm statistics.
// A graph whose output is N×C×H×W gets a segmentation contract (and checkpoint project).
TrainedModel random_trained_model(const Graph& graph, const TensorShape& input,
                                  std::uint64_t seed = 1);

// The logits LibTorch computes for `input` in eval mode: the reference every export must match.
torch::Tensor reference_logits(const TrainedModel& model, const torch::Tensor& input);

// Saves `model` as a checkpoint folder (with an SGD optimizer state, as training writes).
void save_as_checkpoint(const TrainedModel& model, const std::filesystem::path& dir);

}  // namespace convstudio::testing
