#pragma once
// The torch module a model graph becomes: every block a layer, run in topological order.
// Internal to the engine (includes LibTorch); the public API hands out Graphs, never modules.

#include <torch/torch.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "blocks/block_torch.h"
#include "convstudio/model/block_analysis.h"
#include "convstudio/model/graph.h"
#include "nn/recomputed_block.h"

namespace convstudio {

// Executes the DAG of a valid graph. Layers with weights are registered under their block ids
// ("conv1.weight"), so state dicts, checkpoints and exports name tensors after the blocks.
// PyTorch-default initialisation (each torch::nn layer initialises itself as PyTorch does).
// Each block type's home (engine/src/blocks/<type>/) says what layer it becomes.
class GraphModuleImpl : public torch::nn::Module {
 public:
  // `analysis` must be ShapeInference's result for `graph` and have no errors; throws
  // std::invalid_argument otherwise.
  GraphModuleImpl(const Graph& graph, const ModelAnalysis& analysis);

  // Logits of the Output block, N×classes.
  torch::Tensor forward(torch::Tensor input);
  // Class probabilities for inference: softmax(logits / temperature) when the Output block asks
  // for softmax, the logits otherwise.
  torch::Tensor predict(torch::Tensor input, double temperature = 1.0);
  // Every block's output by block id (tests compare them with shape inference).
  std::map<std::string, torch::Tensor> forward_all(torch::Tensor input);

  std::int64_t parameter_count() const;
  // Puts the module in training mode, except frozen blocks (Block::trainable false), which stay
  // in eval mode so BatchNorm neither uses batch statistics nor updates its running ones.
  void train(bool on = true) override;
  // The parameters of trainable blocks: what the optimizer steps (frozen ones need no grad).
  std::vector<torch::Tensor> trainable_parameters() const;
  // The trainable parameters of the blocks `include` accepts, by block id (parameter groups).
  std::vector<torch::Tensor> trainable_parameters(
      const std::function<bool(const std::string& block_id)>& include) const;
  // Channels-last (NHWC) training: converts the 4-D parameters now (call after moving the
  // module to its device) and every 4-D input of forward(), so convolutions run in oneDNN's and
  // cuDNN's preferred layout. Off converts back to the usual (contiguous) order.
  void set_channels_last(bool on);
  bool channels_last() const { return channels_last_; }
  // How every BatchNorm2d normalises in training mode instead of with its own batch's
  // statistics (SyncBatchNorm: over all ranks), recomputed blocks included; eval mode and frozen
  // blocks keep torch's. Returns the ids of those blocks, in the order forward runs them.
  using BatchNormInTraining = std::function<torch::Tensor(
      const std::string& block_id, torch::nn::BatchNorm2dImpl&, const torch::Tensor&)>;
  std::vector<std::string> set_batch_norm_in_training(const BatchNormInTraining& normalise);

  // A BatchNorm2d whose only reader is a ReLU runs with it as one operation in training
  // (fused_batch_norm_relu.h), and so does one whose only reader is an Add of two inputs whose
  // only reader is a ReLU (a residual block's end), where the call allows it: not under the
  // profiler's observer (it times the blocks one by one), not in forward_all, not for a frozen
  // BatchNorm or one set_batch_norm_in_training replaced. On by default; off runs every block as it
  // is.
  void set_batch_norm_relu_fusion(bool on) { fuse_batch_norm_relu_ = on; }
  // The BatchNorm blocks that fuse with their ReLU (through an Add or not), in block order.
  std::vector<std::string> batch_norms_fused_with_relu() const;

 private:
  struct Step {
    std::string id;
    std::vector<int> inputs;  // indices into the value slots, by port; none for the Input block
    blocks::TorchLayer layer;
    bool frozen = false;  // Block::trainable false
    bool relu = false;    // a ReLU block
    bool add = false;     // an Add block
    // Set on a BatchNorm2d whose only reader is a ReLU, or an Add that a ReLU alone reads: the
    // module the fused kernel runs.
    std::shared_ptr<torch::nn::BatchNorm2dImpl> fusable_norm;
    bool norm_before_add = false;  // fusable_norm runs in its Add's step, with the residual
    int fused_norm_port = -1;      // an Add: the port whose BatchNorm may run in it
    int fused_from = -1;  // a ReLU: the BatchNorm or Add step that may have applied it already
  };
  // What forward runs, in order: one step, or a recomputed segment (one block marked to recompute
  // alone, or a recompute group), whose blocks keep nothing for backward but its inputs.
  struct Unit {
    std::vector<int> steps;  // in dependency order
    bool recompute = false;
    std::vector<int> inputs;         // slots read from outside the unit, in order
    std::vector<int> outputs;        // slots of the unit read outside it (or the model's output)
    std::vector<int> release_after;  // slots whose last reader is this unit
    RecomputedSegment segment;       // recompute only
    // Recompute only: by position in `steps`, the values inside the segment whose last reader
    // that step is, so the segment's forward holds no more than a plain forward would.
    std::vector<std::vector<int>> release_inside;
  };

  // `wires`: the wires into the block, by port.
  void add_step(const std::vector<const Connection*>& wires, const Block& block,
                const BlockAnalysis& shapes, const std::map<std::string, int>& slot_of);
  // Groups the steps into units by BlockAnalysis::recompute_segment and orders them so every
  // unit comes after the units it reads from.
  void plan_units(const ModelAnalysis& analysis);
  // Runs the unit's steps one by one, reading and writing `values` (by slot); `release` frees
  // the segment's inner values after their last reader.
  void run_steps(const Unit& unit, std::vector<torch::Tensor>& values, const torch::Tensor& input,
                 bool training, bool release, std::vector<char>* fused_by_step) const;
  // An Add whose BatchNorm input waits for it (Step::norm_before_add): relu(norm(x) + residual)
  // fused when the residual allows, else the BatchNorm and the Add one after the other.
  torch::Tensor run_add_after_norm(const Step& add, std::vector<torch::Tensor>& inputs,
                                   bool training, bool& fused) const;
  // Marks each BatchNorm2d whose only reader is a ReLU outside recompute segments or in its own.
  void plan_fusion(const ModelAnalysis& analysis);
  torch::Tensor run(torch::Tensor input, std::map<std::string, torch::Tensor>* all);

  std::vector<Step> steps_;
  std::vector<Unit> units_;
  bool channels_last_ = false;
  bool softmax_for_inference_ = false;
  bool fuse_batch_norm_relu_ = true;
  int output_step_ = -1;
};
TORCH_MODULE(GraphModule);

}  // namespace convstudio
