#include "graph_module.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "block_observer.h"
#include "blocks/block_model.h"
#include "fused_batch_norm_relu.h"
#include "model/graph_index.h"
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

// `t` laid out in `format` by its strides too. With a dimension of size 1 (one input channel,
// a grey image) NCHW strides also count as channels-last contiguous, so contiguous(format) keeps
// them; but LibTorch picks a convolution's output layout from its operands' strides, and a grey
// stem would leave its BatchNorm, its ReLU and the first residual in NCHW while the convolutions
// after it turn channels-last, converting between the two at every step.
torch::Tensor laid_out(const torch::Tensor& t, at::MemoryFormat format) {
  if (t.is_contiguous(format) && t.suggest_memory_format() == format) return t;
  return at::empty_like(t, t.options(), format).copy_(t);
}

// The profiler's observers, by module. `observed` stays 0 unless one is set, so a forward pass
// without the profiler never takes the lock.
struct BlockObservers {
  std::atomic<int> observed{0};
  std::mutex mutex;
  std::unordered_map<const GraphModuleImpl*, BlockObserver*> by_module;
};

BlockObservers& block_observers() {
  static BlockObservers observers;
  return observers;
}

BlockObserver* observer_of(const GraphModuleImpl* module) {
  BlockObservers& observers = block_observers();
  if (observers.observed.load(std::memory_order_relaxed) == 0) return nullptr;
  const std::lock_guard lock(observers.mutex);
  const auto at = observers.by_module.find(module);
  return at == observers.by_module.end() ? nullptr : at->second;
}

// plan_units' steps, templates over GraphModuleImpl's private Step and Unit so the header stays
// as it is. First the units in block order, with the slots each reads from and hands to others
// (`unit_of_step` filled): one unit per step, except that the steps of one recompute segment
// share a unit.
template <typename Unit, typename Step>
std::vector<Unit> group_units(const std::vector<Step>& steps, const ModelAnalysis& analysis,
                              int output_step, std::vector<int>& unit_of_step) {
  const int step_count = static_cast<int>(steps.size());
  std::vector<Unit> units;
  unit_of_step.assign(steps.size(), 0);
  std::map<std::string, int> unit_of_segment;
  for (int s = 0; s < step_count; ++s) {
    // Step s was made from analysis.blocks[s] (the constructor adds one step per block, in
    // order): looking each up by id scanned every block per step, quadratic for long chains.
    const std::string& segment = analysis.blocks[static_cast<std::size_t>(s)].recompute_segment;
    int at = static_cast<int>(units.size());
    if (segment.empty()) {
      units.emplace_back();
    } else if (auto [it, added] = unit_of_segment.emplace(segment, at); !added) {
      at = it->second;
    } else {
      units.emplace_back().recompute = true;
    }
    units[at].steps.push_back(s);
    unit_of_step[s] = at;
  }
  const auto add_once = [](std::vector<int>& slots, int slot) {
    if (std::find(slots.begin(), slots.end(), slot) == slots.end()) slots.push_back(slot);
  };
  for (int s = 0; s < step_count; ++s) {
    for (int slot : steps[s].inputs) {
      if (unit_of_step[slot] == unit_of_step[s]) continue;
      add_once(units[unit_of_step[s]].inputs, slot);
      add_once(units[unit_of_step[slot]].outputs, slot);
    }
  }
  add_once(units[unit_of_step[output_step]].outputs, output_step);
  return units;
}

// Dependency order of the units (a recompute group is a closed region of the graph, checked by
// shape inference, so there is one); ties go to the unit whose first block comes first.
template <typename Unit>
std::vector<Unit> in_dependency_order(std::vector<Unit> units,
                                      const std::vector<int>& unit_of_step) {
  std::vector<std::vector<int>> readers(units.size());
  std::vector<int> waiting(units.size(), 0);
  for (std::size_t u = 0; u < units.size(); ++u) {
    for (int slot : units[u].inputs) {
      readers[unit_of_step[slot]].push_back(static_cast<int>(u));
      ++waiting[u];
    }
  }
  std::set<std::pair<int, int>> ready;  // (first step, unit)
  for (std::size_t u = 0; u < units.size(); ++u) {
    if (waiting[u] == 0) ready.emplace(units[u].steps.front(), static_cast<int>(u));
  }
  std::vector<Unit> ordered;
  while (!ready.empty()) {
    const int u = ready.begin()->second;
    ready.erase(ready.begin());
    for (int reader : readers[u]) {
      if (--waiting[reader] == 0) ready.emplace(units[reader].steps.front(), reader);
    }
    ordered.push_back(std::move(units[u]));
  }
  if (ordered.size() != units.size()) {
    throw std::invalid_argument(
        "the recompute groups of the graph depend on each other in a cycle");
  }
  return ordered;
}

// Frees each value right after its last reader, so a forward pass holds only what autograd
// needs.
template <typename Unit>
void release_after_last_reader(std::vector<Unit>& units) {
  std::map<int, std::size_t> last_reader;
  for (std::size_t u = 0; u < units.size(); ++u) {
    for (int slot : units[u].inputs) last_reader[slot] = u;
  }
  for (auto [slot, reader] : last_reader) units[reader].release_after.push_back(slot);
}

}  // namespace

GraphModuleImpl::GraphModuleImpl(const Graph& graph, const ModelAnalysis& analysis) {
  if (!analysis.ok()) {
    throw std::invalid_argument("cannot build a model from a graph with errors: " +
                                analysis.errors.front().message);
  }
  std::map<std::string, int> slot_of;
  // Every block's wires from one index: Graph::inputs_of scans all wires per call, which made
  // building a model of many thousand blocks (an imported ONNX chain) quadratic.
  const GraphIndex index(graph);
  for (const BlockAnalysis& shapes : analysis.blocks) {
    const std::optional<std::size_t> at = index.position(shapes.id);
    if (!at) throw std::invalid_argument("analysis names unknown block " + shapes.id);
    add_step(index.inputs(*at), graph.blocks()[*at], shapes, slot_of);
    slot_of[shapes.id] = static_cast<int>(steps_.size()) - 1;
  }
  if (output_step_ < 0) throw std::invalid_argument("the graph has no Output block");
  plan_units(analysis);
}

void GraphModuleImpl::add_step(const std::vector<const Connection*>& wires, const Block& block,
                               const BlockAnalysis& shapes,
                               const std::map<std::string, int>& slot_of) {
  if (block.id.find('.') != std::string::npos) {
    throw std::invalid_argument("block id '" + block.id + "' may not contain '.'");
  }
  if (blocks::find_block_model(block.type) == nullptr) {
    throw std::invalid_argument("no builder for block type " + block.type);
  }
  Step step;
  step.id = block.id;
  for (const Connection* wire : wires) step.inputs.push_back(slot_of.at(wire->from));
  step.layer = blocks::block_torch(block.type).build(block, shapes);
  step.frozen = !block.trainable;
  step.relu = block.type == "ReLU";
  step.add = block.type == "Add";
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

void GraphModuleImpl::plan_units(const ModelAnalysis& analysis) {
  std::vector<int> unit_of_step;
  units_ = in_dependency_order(group_units<Unit>(steps_, analysis, output_step_, unit_of_step),
                               unit_of_step);
  release_after_last_reader(units_);
  plan_fusion(analysis);

  for (std::size_t u = 0; u < units_.size(); ++u) {
    Unit& unit = units_[u];
    if (!unit.recompute) continue;
    std::map<int, std::size_t> last_inside;  // an inner value's last reader, by position
    for (std::size_t i = 0; i < unit.steps.size(); ++i) {
      for (int slot : steps_[unit.steps[i]].inputs) {
        if (unit_of_step[slot] == unit_of_step[unit.steps.front()]) last_inside[slot] = i;
      }
    }
    unit.release_inside.assign(unit.steps.size(), {});
    for (auto [slot, reader] : last_inside) {
      const bool handed_on =
          std::find(unit.outputs.begin(), unit.outputs.end(), slot) != unit.outputs.end();
      if (!handed_on) unit.release_inside[reader].push_back(slot);
    }
    for (int s : unit.steps) {
      if (steps_[s].layer.module) unit.segment.modules.push_back(steps_[s].layer.module);
    }
    unit.segment.forward = [this, u](const std::vector<torch::Tensor>& inputs, bool training) {
      const Unit& segment = units_[u];
      std::vector<torch::Tensor> values(steps_.size());
      for (std::size_t i = 0; i < segment.inputs.size() && i < inputs.size(); ++i) {
        values[segment.inputs[i]] = inputs[i];
      }
      std::vector<char> fused(fuse_batch_norm_relu_ ? steps_.size() : 0, 0);
      run_steps(segment, values, torch::Tensor(), training, /*release=*/true,
                fuse_batch_norm_relu_ ? &fused : nullptr);
      std::vector<torch::Tensor> outputs;
      outputs.reserve(segment.outputs.size());
      for (int slot : segment.outputs) outputs.push_back(values[slot]);
      return outputs;
    };
  }
}

void GraphModuleImpl::plan_fusion(const ModelAnalysis& analysis) {
  std::vector<int> readers(steps_.size(), 0);
  for (const Step& step : steps_) {
    for (int slot : step.inputs) ++readers[slot];
  }
  // Read by `reader` alone, and both outside recompute segments or in the same one (whose
  // forward runs them together).
  const auto only_read_by = [&](int s, std::size_t reader) {
    return readers[s] == 1 && s != output_step_ &&
           analysis.blocks[static_cast<std::size_t>(s)].recompute_segment ==
               analysis.blocks[reader].recompute_segment;
  };
  const auto batch_norm_of = [this](int s) {
    return std::dynamic_pointer_cast<torch::nn::BatchNorm2dImpl>(steps_[s].layer.module);
  };
  for (std::size_t r = 0; r < steps_.size(); ++r) {
    Step& relu = steps_[r];
    if (!relu.relu || relu.inputs.size() != 1 || !only_read_by(relu.inputs[0], r)) continue;
    const int before = relu.inputs[0];
    if (auto norm = batch_norm_of(before)) {
      steps_[before].fusable_norm = std::move(norm);
      relu.fused_from = before;
      continue;
    }
    Step& add = steps_[before];
    if (!add.add || add.inputs.size() != 2 || add.inputs[0] == add.inputs[1]) continue;
    for (int port = 0; port < 2; ++port) {
      const int n = add.inputs[port];
      auto norm = batch_norm_of(n);
      if (!norm || !only_read_by(n, static_cast<std::size_t>(before))) continue;
      steps_[n].fusable_norm = std::move(norm);
      steps_[n].norm_before_add = true;
      add.fused_norm_port = port;
      relu.fused_from = before;
      break;
    }
  }
}

std::vector<std::string> GraphModuleImpl::batch_norms_fused_with_relu() const {
  std::vector<std::string> ids;
  if (!fuse_batch_norm_relu_) return ids;
  for (const Step& step : steps_) {
    if (step.fusable_norm && !step.frozen) ids.push_back(step.id);
  }
  return ids;
}

void GraphModuleImpl::set_channels_last(bool on) {
  channels_last_ = on;
  const auto format = on ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
  torch::NoGradGuard no_grad;
  for (torch::Tensor& parameter : parameters()) {
    if (parameter.dim() == 4) parameter.set_data(laid_out(parameter, format));
  }
}

std::vector<std::string> GraphModuleImpl::set_batch_norm_in_training(
    const BatchNormInTraining& normalise) {
  std::vector<std::string> ids;
  for (Step& step : steps_) {
    auto batch_norm = std::dynamic_pointer_cast<torch::nn::BatchNorm2dImpl>(step.layer.module);
    if (!batch_norm) continue;
    ids.push_back(step.id);
    step.fusable_norm.reset();  // normalised as `normalise` says, not by the fused kernel
    // The recomputation of a segment (RecomputeInBackward) calls step.layer.forward as well.
    step.layer.forward = [id = step.id, batch_norm, normalise](const std::vector<torch::Tensor>& in,
                                                               bool training) {
      return training ? normalise(id, *batch_norm, in[0]) : batch_norm->forward(in[0]);
    };
  }
  return ids;
}

void GraphModuleImpl::run_steps(const Unit& unit, std::vector<torch::Tensor>& values,
                                const torch::Tensor& input, bool training, bool release,
                                std::vector<char>* fused_by_step) const {
  BlockObserver* const observer = observer_of(this);
  const bool fuse = fused_by_step != nullptr && training && observer == nullptr;
  for (std::size_t i = 0; i < unit.steps.size(); ++i) {
    const int at = unit.steps[i];
    const Step& step = steps_[at];
    if (observer != nullptr) observer->before_block(at);
    // A frozen block runs as at inference: BatchNorm uses and keeps its running statistics.
    const bool step_training = training && !step.frozen;
    std::vector<torch::Tensor> inputs = inputs_of(step.inputs, values, input);
    if (fuse && step_training && step.fusable_norm &&
        can_fuse_batch_norm_relu(inputs[0], *step.fusable_norm)) {
      // Before an Add, the Add's step runs it (the residual may come later): x waits there.
      values[at] = step.norm_before_add ? std::move(inputs[0])
                                        : fused_batch_norm_relu(inputs[0], *step.fusable_norm);
      (*fused_by_step)[at] = 1;
    } else if (fuse && step.fused_norm_port >= 0 &&
               (*fused_by_step)[step.inputs[step.fused_norm_port]]) {
      bool fused = false;
      values[at] = run_add_after_norm(step, inputs, step_training, fused);
      (*fused_by_step)[at] = fused ? 1 : 0;
    } else if (fuse && step.fused_from >= 0 && (*fused_by_step)[step.fused_from]) {
      values[at] = std::move(inputs[0]);
    } else {
      values[at] = step.layer.forward(inputs, step_training);
    }
    if (observer != nullptr) observer->after_block(at, values[at]);
    if (release) {
      for (int slot : unit.release_inside[i]) values[slot] = torch::Tensor();
    }
  }
}

torch::Tensor GraphModuleImpl::run_add_after_norm(const Step& add,
                                                  std::vector<torch::Tensor>& inputs, bool training,
                                                  bool& fused) const {
  const int port = add.fused_norm_port;
  const Step& norm = steps_[add.inputs[port]];
  const torch::Tensor& residual = inputs[1 - port];
  fused = can_fuse_batch_norm_add_relu(inputs[port], residual, *norm.fusable_norm);
  if (fused) return fused_batch_norm_add_relu(inputs[port], residual, *norm.fusable_norm);
  // Another type or layout (the Add would promote or broadcast): as if never fused.
  inputs[port] = norm.layer.forward({inputs[port]}, /*training=*/true);
  return add.layer.forward(inputs, training);
}

torch::Tensor GraphModuleImpl::run(torch::Tensor input, std::map<std::string, torch::Tensor>* all) {
  if (channels_last_ && input.dim() == 4) input = laid_out(input, at::MemoryFormat::ChannelsLast);
  std::vector<torch::Tensor> values(steps_.size());
  torch::Tensor output;
  const bool training = is_training();
  // By step: this BatchNorm's output has its ReLU applied already (forward_all shows each).
  const bool fuse = fuse_batch_norm_relu_ && training && all == nullptr;
  std::vector<char> fused(fuse ? steps_.size() : 0, 0);
  for (const Unit& unit : units_) {
    // forward_all shows every block's output, so it runs recomputed segments plainly.
    if (unit.recompute && all == nullptr) {
      std::vector<torch::Tensor> inputs;
      inputs.reserve(unit.inputs.size());
      for (int slot : unit.inputs) inputs.push_back(values[slot]);
      std::vector<torch::Tensor> outputs =
          run_recomputed_in_backward(unit.segment, inputs, training);
      for (std::size_t i = 0; i < unit.outputs.size(); ++i) {
        values[unit.outputs[i]] = std::move(outputs[i]);
      }
    } else {
      run_steps(unit, values, input, training, /*release=*/false, fuse ? &fused : nullptr);
    }
    for (int s : unit.steps) {
      if (s == output_step_) output = values[s];
      if (all != nullptr) (*all)[steps_[s].id] = values[s];
    }
    for (int slot : unit.release_after) values[slot] = torch::Tensor();
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

void set_block_observer(const GraphModuleImpl& module, BlockObserver* observer) {
  BlockObservers& observers = block_observers();
  const std::lock_guard lock(observers.mutex);
  if (observer != nullptr) {
    observers.by_module[&module] = observer;
  } else {
    observers.by_module.erase(&module);
  }
  observers.observed.store(static_cast<int>(observers.by_module.size()));
}

BlockObserver* block_observer(const GraphModuleImpl& module) {
  return observer_of(&module);
}

}  // namespace convstudio
