#pragma once
// The Upsample block's output size, shared by its shape rule and its LibTorch half: by a whole
// scale factor (H·s × W·s) or to a fixed height × width.

#include <cstdint>

#include "convstudio/model/block.h"
#include "convstudio/model/tensor_shape.h"

namespace convstudio::blocks {

struct ResizeTarget {
  bool by_size = false;
  std::int64_t scale = 1;  // by scale
  std::int64_t height = 0, width = 0;
  bool bilinear = false;
  bool align_corners = false;  // bilinear only
};

inline ResizeTarget resize_target(const Block& block, const TensorShape& in) {
  ResizeTarget t;
  t.by_size = block.choice_param("by") == "size";
  t.scale = block.int_param("scale");
  t.height = t.by_size ? block.int_param("height") : in.height() * t.scale;
  t.width = t.by_size ? block.int_param("width") : in.width() * t.scale;
  t.bilinear = block.choice_param("mode") == "bilinear";
  t.align_corners = t.bilinear && block.bool_param("align_corners");
  return t;
}

}  // namespace convstudio::blocks
