#pragma once
// The TorchScript form of a trained model: a scripted module built from the graph, not traced,
// whose submodules are named after the blocks so its state dict matches the checkpoint's.

#include <filesystem>
#include <optional>
#include <string>

#include <torch/script.h>

#include "export/trained_model.h"

namespace convstudio {

// The name of the extra file holding the preprocessing contract (JSON) in the .pt archive.
inline constexpr char kTorchScriptContractFile[] = "convstudio.json";

class TorchScriptExport {
 public:
  // The `forward` source: one statement per block, in topological order, returning the logits.
  static std::string forward_code(const TrainedModel& model);
  // The module in eval mode, with the weights copied in.
  static torch::jit::Module build(const TrainedModel& model);
  // Saves build(model) with the contract as extra file convstudio.json.
  static std::optional<Error> write(const TrainedModel& model, const std::filesystem::path& file);
};

}  // namespace convstudio
