#pragma once
// The shape and cost rule of a fully connected layer on a flat input, shared by Linear and by
// Output (a Linear layer to the class count).

#include <cstdint>

#include "blocks/shape_rule.h"

namespace convstudio::blocks {

bool infer_dense(ShapeRule& rule, std::int64_t out_features, bool bias);

}  // namespace convstudio::blocks
