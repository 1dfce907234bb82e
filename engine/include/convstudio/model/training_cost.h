#pragma once
// What one training sample costs in floating-point operations, counted block by block from
// what autograd really computes, so utilisation stays honest for fine-tuning (frozen blocks)
// and a network's first layer. Torch-free.

#include <cstdint>

#include "convstudio/model/block_analysis.h"
#include "convstudio/model/graph.h"

namespace convstudio {

// FLOPs of one sample's forward and backward pass, 2 FLOPs per multiply-accumulate:
//   forward                           2 · MACs of every block
//   gradient of the block's input     2 · MACs, only when a block before it has trainable
//                                     weights (otherwise autograd never asks for it)
//   gradient of the block's weights   2 · MACs, only when the block has weights and is trainable
// A network trained whole costs a little under the usual 6 · MACs (its first layer's input
// needs no gradient); a frozen backbone costs only its forward pass.
std::int64_t training_flops_per_sample(const Graph& graph, const ModelAnalysis& analysis);

}  // namespace convstudio
