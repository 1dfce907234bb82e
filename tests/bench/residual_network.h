#pragma once
// A generated ResNet-like graph of about `blocks` blocks for the builder benchmark: a stem, four
// stages of residual units (conv-BN-ReLU-conv-BN, Add, ReLU; a 1×1 projection where a stage
// halves the size and doubles the channels), global pool and the classifier, laid out as the
// templates are (the main path in one column, projections beside it).

#include "convstudio/model/graph.h"

namespace convstudio {

Graph residualNetwork(int blocks);

}  // namespace convstudio
