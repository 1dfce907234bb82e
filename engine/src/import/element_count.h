#pragma once
// Element counts of the shapes a model file names, checked before anything is allocated: a
// stranger's file may name negative sizes or sizes whose product overflows. Internal to the
// engine.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace convstudio::onnx_import {

// The product of `dims`; nullopt when a size is negative or the product, with every zero size
// read as one (so the strides LibTorch derives fit too), passes 64 bits.
inline std::optional<std::int64_t> element_count(const std::vector<std::int64_t>& dims) {
  std::int64_t count = 1;
  std::int64_t span = 1;
  for (std::int64_t d : dims) {
    if (d < 0 || __builtin_mul_overflow(span, d == 0 ? 1 : d, &span)) return std::nullopt;
    count = d == 0 ? 0 : count * d;  // never past `span`
  }
  return count;
}

// "[1, 0, -3]" for messages.
inline std::string shape_text(const std::vector<std::int64_t>& dims) {
  std::string text = "[";
  for (std::size_t i = 0; i < dims.size(); ++i) text += (i ? ", " : "") + std::to_string(dims[i]);
  return text + "]";
}

}  // namespace convstudio::onnx_import
