#pragma once
// The check Add and Concat share: every input has the first one's rank and sizes, except the
// first dimension (channels or features) when `sizes_only` (Concat joins along it).

#include "blocks/shape_rule.h"

namespace convstudio::blocks {

bool merge_inputs_agree(ShapeRule& rule, bool sizes_only);

}  // namespace convstudio::blocks
