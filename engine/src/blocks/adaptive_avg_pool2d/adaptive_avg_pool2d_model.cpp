// AdaptiveAvgPool2d: averages to a fixed output size; size 1 is global average pooling.

#include <algorithm>

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::adaptive_avg_pool2d {
namespace {

bool infer(ShapeRule& r) {
  if (!r.require_image()) return false;
  const std::int64_t size = r.block.int_param("output_size");
  r.out.output_shape = TensorShape::image(r.in().channels(), size, size);
  r.out.saves_input = true;
  return true;
}

std::optional<BlockParams> sample(ParamSampler& s) {
  const TensorShape& x = s.in();
  if (!x.is_image()) return std::nullopt;
  if (s.keeps_size()) {
    if (x.height() != x.width() || x.height() > 64) return std::nullopt;
    return BlockParams{{"output_size", x.height()}};
  }
  return BlockParams{
      {"output_size", s.pick(1, std::min<std::int64_t>({4, x.height(), x.width()}))}};
}

}  // namespace

BlockModel model_half() {
  return {
      .spec = block_spec(
          "AdaptiveAvgPool2d", category::kPooling, "gap",
          QT_TRANSLATE_NOOP("BlockCatalog",
                            "Averages to a fixed output size; size 1 is global average pooling."),
          1, 1,
          {int_param(
              "output_size", QT_TRANSLATE_NOOP("BlockCatalog", "Output size"), 1, 1, 64,
              QT_TRANSLATE_NOOP("BlockCatalog", "Output height and width; 1 = global pool."))}),
      .infer = infer,
      .sample = sample,
  };
}

}  // namespace convstudio::blocks::adaptive_avg_pool2d
