#include "convstudio/model/tensor_shape.h"

#include <charconv>

namespace convstudio {

std::int64_t TensorShape::element_count() const {
  if (dims.empty()) return 0;
  std::int64_t count = 1;
  for (std::int64_t d : dims) count *= d;
  return count;
}

std::string TensorShape::to_string() const {
  if (dims.empty()) return "?";
  std::string text;
  for (std::size_t i = 0; i < dims.size(); ++i) {
    if (i > 0) text += "\u00d7";
    text += std::to_string(dims[i]);
  }
  return text;
}

TensorShape TensorShape::parse(const std::string& text) {
  TensorShape shape;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::int64_t value = 0;
    const char* begin = text.data() + pos;
    const char* end = text.data() + text.size();
    auto [next, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc() || next == begin || value <= 0) return {};
    shape.dims.push_back(value);
    pos = static_cast<std::size_t>(next - text.data());
    if (pos == text.size()) break;
    if (text[pos] == 'x' || text[pos] == 'X' || text[pos] == '*') {
      pos += 1;
    } else if (text.compare(pos, 2, "\u00d7") == 0) {
      pos += 2;
    } else {
      return {};
    }
  }
  if (shape.dims.size() != 1 && shape.dims.size() != 3) return {};
  return shape;
}

}  // namespace convstudio
