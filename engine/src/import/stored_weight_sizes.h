#pragma once
// The tensors an ONNX model stores for each block, checked against what shape inference says
// the block needs, before any layer is built: a file that stores a [1, 0] weight for a dense
// layer after a large input would otherwise make LibTorch allocate the whole layer (gigabytes)
// only to find the weight does not fit. Internal to the engine.

#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/block_analysis.h"
#include "import/onnx_graph_mapper.h"

namespace convstudio::onnx_import {

// One error per block whose stored parameters hold another number of values than its
// parameter count, at the ONNX node the block came from.
std::vector<Error> check_stored_weight_sizes(const MappedModel& mapped,
                                             const ModelAnalysis& analysis);

}  // namespace convstudio::onnx_import
