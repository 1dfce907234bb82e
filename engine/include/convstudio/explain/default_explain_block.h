#pragma once
// The block Grad-CAM and the feature maps look at unless the user picks another, chosen as
// pytorch-grad-cam's users do (a ResNet's layer4[-1]): the last block of the main path whose
// output is still a picture, i.e. the block that feeds the global pooling or the flatten.

#include <string>

#include "convstudio/model/block_analysis.h"
#include "convstudio/model/graph.h"

namespace convstudio {

// Walks back from the Output block through each block's first input (the main path: a residual
// Add's first input, never its skip projection) to the first block whose output is C×H×W with
// more than one pixel. Without such a path, the last such block in graph order; empty when the
// graph has none.
std::string default_explain_block(const Graph& graph, const ModelAnalysis& analysis);

}  // namespace convstudio
