#pragma once
// What a GraphModule tells an observer as it runs each block's forward: the profiler's seam.
// Observers are kept beside the modules (graph_module.cpp) rather than in GraphModuleImpl, so
// that the profiler leaves the module's header, which most of the engine includes, as it is.
// With no observer set anywhere (the default) a forward pass pays one relaxed atomic load per
// run of blocks and nothing else: no timing call, no hook. Internal (LibTorch).

#include <torch/torch.h>

namespace convstudio {

class GraphModuleImpl;

class BlockObserver {
 public:
  virtual ~BlockObserver() = default;
  // `step` is the block's index in the module's ModelAnalysis::blocks (the module makes one
  // step per analysed block, in that order).
  virtual void before_block(int step) = 0;
  virtual void after_block(int step, const torch::Tensor& output) = 0;
};

// Sets the observer of every block's forward in `module` (not owned; nullptr removes it).
// Recomputed segments report their blocks too, during forward and again during backward.
void set_block_observer(const GraphModuleImpl& module, BlockObserver* observer);
BlockObserver* block_observer(const GraphModuleImpl& module);

}  // namespace convstudio
