#include "graph_module.h"

#include <stdexcept>

#include "blocks/block_model.h"
#include "recomputed_block.h"

namespace convstudio {
namespace {

// The step's input values by port; the Input block reads the graph input.
std::vector<torch::Tensor> inputs_of(const std::vector<int>& slots,
                                     const std::vector<torch::Tensor>& values,
                                     const torch::Tensor& input) {
  if (slots.empty()) return {input};
  std::vector<torch::Tensor> inputs;
  inputs.reserve(slots.size());
  for (int slot : slots) inputs.push_back(values[slot]);
  return inputs;
}

}  // namespace

GraphModuleImpl::GraphModuleImpl(const Graph& graph, const ModelAnalysis& analysis) {
  if (!analysis.ok()) {
    throw std::invalid_argument("cannot build a model from a graph with errors: " +
                                analysis.errors.front().message);
  }
  std::map<std::string, int> slot_of;
  for (const BlockAnalysis& shapes : analysis.blocks) {
    const Block* block = graph.find_block(shapes.id);
    if (block == nullptr) throw std::invalid_argument("analysis names unknown block " + shapes.id);
    add_step(graph, *block, shapes, slot_of);
    slot_of[shapes.id] = static_cast<int>(steps_.size()) - 1;
    order_.push_back(shapes.id);
  }
  if (output_step_ < 0) throw std::invalid_argument("the graph has no Output block");
  // Free each intermediate value right after its last reader, so a forward pass holds only
  // what autograd needs.
  std::map<int, int> last_reader;
  for (int s = 0; s < static_cast<int>(steps_.size()); ++s) {
    for (int input : steps_[s].inputs) last_reader[input] = s;
  }
  for (auto [slot, reader] : last_reader) steps_[reader].release_after.push_back(slot);
}

void GraphModuleImpl::add_step(const Graph& graph, const Block& block, const BlockAnalysis& shapes,
                               const std::map<std::string, int>& slot_of) {
  if (block.id.find('.') != std::string::npos) {
    throw std::invalid_argument("block id '" + block.id + "' may not contain '.'");
  }
  if (blocks::find_block_model(block.type) == nullptr) {
    throw std::invalid_argument("no builder for block type " + block.type);
  }
  Step step;
  step.id = block.id;
  for (const Connection& wire : graph.inputs_of(block.id))
    step.inputs.push_back(slot_of.at(wire.from));
  step.layer = blocks::block_torch(block.type).build(block, shapes);
  step.frozen = !block.trainable;
  step.recompute = block.recompute;
  if (step.layer.module) {
    register_module(block.id, step.layer.module);
    if (step.frozen) {
      for (auto& parameter : step.layer.module->parameters()) parameter.requires_grad_(false);
    }
  }
  if (blocks::is_model_output(block)) {
    softmax_for_inference_ = block.bool_param("softmax");
    output_step_ = static_cast<int>(steps_.size());
  }
  steps_.push_back(std::move(step));
}

void GraphModuleImpl::set_channels_last(bool on) {
  channels_last_ = on;
  const auto format = on ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
  torch::NoGradGuard no_grad;
  for (torch::Tensor& parameter : parameters()) {
    if (parameter.dim() == 4) parameter.set_data(parameter.contiguous(format));
  }
}

std::vector<std::string> GraphModuleImpl::set_batch_norm_in_training(
    const BatchNormInTraining& normalise) {
  std::vector<std::string> ids;
  for (Step& step : steps_) {
    auto batch_norm = std::dynamic_pointer_cast<torch::nn::BatchNorm2dImpl>(step.layer.module);
    if (!batch_norm) continue;
    ids.push_back(step.id);
    // The recomputation of a block (RecomputeInBackward) calls step.layer.forward as well.
    step.layer.forward = [id = step.id, batch_norm, normalise](const std::vector<torch::Tensor>& in,
                                                               bool training) {
      return training ? normalise(id, *batch_norm, in[0]) : batch_norm->forward(in[0]);
    };
  }
  return ids;
}

torch::Tensor GraphModuleImpl::run(torch::Tensor input, std::map<std::string, torch::Tensor>* all) {
  if (channels_last_ && input.dim() == 4) input = input.contiguous(at::MemoryFormat::ChannelsLast);
  std::vector<torch::Tensor> values(steps_.size());
  torch::Tensor output;
  for (std::size_t s = 0; s < steps_.size(); ++s) {
    Step& step = steps_[s];
    // A frozen block runs as at inference: BatchNorm uses and keeps its running statistics.
    const bool training = is_training() && !step.frozen;
    values[s] = step.recompute
                    ? run_recomputed_in_backward(step.layer, inputs_of(step.inputs, values, input),
                                                 training)
                    : step.layer.forward(inputs_of(step.inputs, values, input), training);
    if (static_cast<int>(s) == output_step_) output = values[s];
    if (all != nullptr) (*all)[step.id] = values[s];
    for (int slot : step.release_after) values[slot] = torch::Tensor();
  }
  return output;
}

void GraphModuleImpl::train(bool on) {
  torch::nn::Module::train(on);
  for (Step& step : steps_) {
    if (step.frozen && step.layer.module) step.layer.module->eval();
  }
}

std::vector<torch::Tensor> GraphModuleImpl::trainable_parameters() const {
  std::vector<torch::Tensor> result;
  for (const auto& parameter : parameters()) {
    if (parameter.requires_grad()) result.push_back(parameter);
  }
  return result;
}

std::vector<torch::Tensor> GraphModuleImpl::trainable_parameters(
    const std::function<bool(const std::string& block_id)>& include) const {
  std::vector<torch::Tensor> result;
  for (const auto& item : named_parameters(true)) {
    // Every block's layer is registered under the block's id.
    if (item.value().requires_grad() && include(item.key().substr(0, item.key().find('.')))) {
      result.push_back(item.value());
    }
  }
  return result;
}

torch::Tensor GraphModuleImpl::forward(torch::Tensor input) {
  return run(std::move(input), nullptr);
}

torch::Tensor GraphModuleImpl::predict(torch::Tensor input, double temperature) {
  torch::Tensor logits = forward(std::move(input));
  if (!softmax_for_inference_) return logits;
  return torch::softmax(logits / temperature, 1);
}

std::map<std::string, torch::Tensor> GraphModuleImpl::forward_all(torch::Tensor input) {
  std::map<std::string, torch::Tensor> all;
  run(std::move(input), &all);
  return all;
}

std::int64_t GraphModuleImpl::parameter_count() const {
  std::int64_t count = 0;
  for (const auto& p : parameters()) count += p.numel();
  return count;
}

}  // namespace convstudio
