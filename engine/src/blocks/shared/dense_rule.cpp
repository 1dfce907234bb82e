#include "blocks/shared/dense_rule.h"

namespace convstudio::blocks {

bool infer_dense(ShapeRule& r, std::int64_t out_features, bool bias) {
  if (!r.require_flat()) return false;
  const std::int64_t in = r.in().channels();
  r.out.output_shape = TensorShape::flat(out_features);
  r.out.params = in * out_features + (bias ? out_features : 0);
  r.out.macs = in * out_features;
  r.out.saves_input = true;
  return true;
}

}  // namespace convstudio::blocks
