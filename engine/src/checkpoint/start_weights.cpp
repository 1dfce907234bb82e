#include "checkpoint/start_weights.h"

#include <set>

#include "convstudio/model/output_modes.h"

namespace convstudio {
namespace {

std::string shape_in_words(const torch::Tensor& t) {
  std::string text;
  for (std::int64_t d : t.sizes()) text += (text.empty() ? "" : "×") + std::to_string(d);
  return text.empty() ? "scalar" : text;
}

// The blocks whose tensors follow the class count: the Output block and, when it passes its input
// through, the last block with tensors before it (SqueezeNet's final convolution), found back
// through the tensor-free single-input blocks between them (ReLU, pooling, Flatten).
std::set<std::string> class_count_blocks(torch::nn::Module& module, const Graph& graph) {
  std::set<std::string> with_tensors;
  for (const auto& item : module.named_parameters(true)) {
    with_tensors.insert(item.key().substr(0, item.key().find('.')));
  }
  std::set<std::string> head;
  for (const std::string& id : graph.blocks_of_type(kOutputBlockType)) {
    head.insert(id);
    if (!is_pass_through_output(*graph.find_block(id))) continue;
    std::size_t steps = 0;  // bounded, so a graph with a cycle cannot hold the walk
    for (std::vector<Connection> in = graph.inputs_of(id);
         in.size() == 1 && steps++ < graph.blocks().size();) {
      const std::string from = in.front().from;
      if (with_tensors.contains(from)) {
        head.insert(from);
        break;
      }
      in = graph.inputs_of(from);
    }
  }
  return head;
}

}  // namespace

Result<StartWeightsReport> apply_start_weights(torch::nn::Module& module, const Graph& graph,
                                               const NamedTensors& tensors,
                                               const std::string& source) {
  StartWeightsReport report;
  std::vector<std::pair<torch::Tensor, torch::Tensor>> copies;  // (target, value)
  std::set<std::string> reinitialised, missing;
  const std::set<std::string> head = class_count_blocks(module, graph);
  std::string mismatches;
  auto visit = [&](const std::string& name, torch::Tensor target) {
    const std::string block_id = name.substr(0, name.find('.'));
    const Block* block = graph.find_block(block_id);
    auto it = tensors.find(name);
    if (it == tensors.end()) {
      missing.insert(block_id);
      return;
    }
    if (it->second.sizes() != target.sizes()) {
      if (block != nullptr && head.contains(block_id)) {
        reinitialised.insert(block_id);
        return;
      }
      mismatches += "\n  " + block_id + ": " + name.substr(block_id.size() + 1) + " is " +
                    shape_in_words(it->second) + " in the file, " + shape_in_words(target) +
                    " in the model";
      return;
    }
    copies.emplace_back(target, it->second);
  };
  for (const auto& item : module.named_parameters(true)) visit(item.key(), item.value());
  for (const auto& item : module.named_buffers(true)) visit(item.key(), item.value());
  if (!mismatches.empty()) {
    return Error::in_file(source, "its weights do not fit these blocks:" + mismatches);
  }
  // A class-count block keeps none of its old tensors once one of them no longer fits.
  torch::NoGradGuard no_grad;
  for (auto& [target, value] : copies) {
    bool skip = false;
    for (const std::string& id : reinitialised) {
      // Tensor identity: compare against the block's own tensors by storage.
      for (const auto& item : module.named_parameters(true)) {
        if (item.key().rfind(id + ".", 0) == 0 && item.value().is_same(target)) skip = true;
      }
    }
    if (skip) continue;
    target.copy_(value.to(target.device(), target.scalar_type()));
    ++report.copied;
  }
  std::set<std::string> pretrained;
  for (const auto& item : module.named_parameters(true)) {
    const std::string block_id = item.key().substr(0, item.key().find('.'));
    if (!missing.contains(block_id) && !reinitialised.contains(block_id)) {
      pretrained.insert(block_id);
    }
  }
  report.pretrained.assign(pretrained.begin(), pretrained.end());
  report.reinitialised.assign(reinitialised.begin(), reinitialised.end());
  report.not_in_file.assign(missing.begin(), missing.end());
  return report;
}

}  // namespace convstudio
