#pragma once
// A training step's memory moment by moment, as MemoryEstimator documents it: forward through
// the blocks, backward through them in reverse (recomputing segments when it reaches them), the
// optimizer step. The estimate is the highest moment, not the sum of every part's largest: the
// biggest transient (a convolution's unfolded input) comes late in backward, when most saved
// activations are already freed. Internal to convstudio_model; MemoryEstimator is its face.

#include "convstudio/model/memory_estimator.h"

namespace convstudio {

MemoryEstimate step_memory_peak(const Graph& graph, const ModelAnalysis& analysis,
                                const MemoryOptions& options);

// LibTorch's oneDNN max pooling (engine/src/blocks/max_pool2d/max_pool2d_torch.cpp) runs on the
// CPU for fp32 NCHW input when the windows do not overlap (memory_estimator.cpp).
bool runs_onednn_pooling(const Block& block, const MemoryOptions& options);

}  // namespace convstudio
