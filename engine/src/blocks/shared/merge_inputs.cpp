#include "blocks/shared/merge_inputs.h"

namespace convstudio::blocks {
namespace {

std::string differing_dims(const TensorShape& a, const TensorShape& b, bool skip_first) {
  static const char* kImageDims[] = {"channels", "height", "width"};
  std::string text;
  for (std::size_t i = skip_first ? 1 : 0; i < a.dims.size(); ++i) {
    if (a.dims[i] == b.dims[i]) continue;
    if (!text.empty()) text += " and ";
    text += a.is_image() ? kImageDims[i] : "features";
  }
  return text;
}

}  // namespace

bool merge_inputs_agree(ShapeRule& r, bool sizes_only) {
  const TensorShape& first = r.in(0);
  bool ok = true;
  for (std::size_t i = 1; i < r.input_count(); ++i) {
    const TensorShape& other = r.in(i);
    const std::string pair = "inputs " + first.to_string() + " and " + other.to_string();
    const std::string field = "inputs[" + std::to_string(i) + "]";
    if (other.dims.size() != first.dims.size()) {
      ok = r.fail(field, pair + " differ in rank (one is flat; add a Flatten block)");
      continue;
    }
    const std::string differ = differing_dims(first, other, sizes_only);
    if (!differ.empty()) ok = r.fail(field, pair + " differ in " + differ);
  }
  return ok;
}

}  // namespace convstudio::blocks
