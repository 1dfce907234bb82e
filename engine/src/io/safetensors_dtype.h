#pragma once
// The dtype names the safetensors header uses, and what they are in torch. Shared by the reader
// and the writer so the two cannot disagree.

#include <cstddef>
#include <optional>
#include <string_view>

#include <torch/torch.h>

namespace convstudio {

struct SafetensorsDtype {
  std::string_view name;
  c10::ScalarType type;
  std::size_t bytes;
};

inline constexpr SafetensorsDtype kSafetensorsDtypes[] = {
    {"F64", c10::ScalarType::Double, 8}, {"F32", c10::ScalarType::Float, 4},
    {"F16", c10::ScalarType::Half, 2},   {"BF16", c10::ScalarType::BFloat16, 2},
    {"I64", c10::ScalarType::Long, 8},   {"I32", c10::ScalarType::Int, 4},
    {"I16", c10::ScalarType::Short, 2},  {"I8", c10::ScalarType::Char, 1},
    {"U8", c10::ScalarType::Byte, 1},    {"BOOL", c10::ScalarType::Bool, 1},
};

inline std::optional<SafetensorsDtype> safetensors_dtype(std::string_view name) {
  for (const auto& dtype : kSafetensorsDtypes) {
    if (dtype.name == name) return dtype;
  }
  return std::nullopt;
}

inline std::optional<SafetensorsDtype> safetensors_dtype(c10::ScalarType type) {
  for (const auto& dtype : kSafetensorsDtypes) {
    if (dtype.type == type) return dtype;
  }
  return std::nullopt;
}

}  // namespace convstudio
