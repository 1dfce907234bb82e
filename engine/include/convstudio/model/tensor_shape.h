#pragma once
// The shape of one sample flowing between blocks (batch excluded).

#include <cstdint>
#include <string>
#include <vector>

namespace convstudio {

// Either an image-like C×H×W sample (3 dims) or a flat feature vector (1 dim).
// Printed with the multiplication sign, e.g. "16×5×5" or "256".
struct TensorShape {
  std::vector<std::int64_t> dims;

  static TensorShape image(std::int64_t channels, std::int64_t height, std::int64_t width) {
    return TensorShape{{channels, height, width}};
  }
  static TensorShape flat(std::int64_t features) { return TensorShape{{features}}; }

  bool is_image() const { return dims.size() == 3; }
  bool is_flat() const { return dims.size() == 1; }
  bool empty() const { return dims.empty(); }
  std::int64_t channels() const { return dims.empty() ? 0 : dims[0]; }
  std::int64_t height() const { return is_image() ? dims[1] : 1; }
  std::int64_t width() const { return is_image() ? dims[2] : 1; }
  // Number of elements of one sample (product of dims; 0 for an empty shape).
  std::int64_t element_count() const;
  // "16×5×5", "256"; "?" when empty.
  std::string to_string() const;
  // Parses "3x32x32", "3×32×32" or "784"; an empty shape when the text is not a shape.
  static TensorShape parse(const std::string& text);

  bool operator==(const TensorShape&) const = default;
};

}  // namespace convstudio
