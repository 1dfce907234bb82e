// BatchNorm2d: per-channel batch normalisation with learned scale and shift and running
// statistics for inference.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::batch_norm2d {
namespace {

bool infer(ShapeRule& r) {
  if (!r.require_image()) return false;
  r.out.params = 2 * r.in().channels();  // weight and bias; running stats are buffers
  return r.same_shape(true, false);
}

std::optional<BlockParams> sample(ParamSampler& s) {
  if (!s.in().is_image()) return std::nullopt;
  return BlockParams{{"momentum", s.chance(0.5) ? 0.1 : 0.01}};
}

}  // namespace

BlockModel model_half() {
  return {
      .spec = block_spec(
          "BatchNorm2d", category::kNormalization, "bn",
          QT_TRANSLATE_NOOP("BlockCatalog",
                            "Batch normalisation per channel, with learned scale and shift."),
          1, 1,
          {float_param("eps", QT_TRANSLATE_NOOP("BlockCatalog", "Epsilon"), 1e-5, 1e-12, 1.0,
                       QT_TRANSLATE_NOOP("BlockCatalog", "Added to the variance.")),
           float_param(
               "momentum", QT_TRANSLATE_NOOP("BlockCatalog", "Momentum"), 0.1, 0.0, 1.0,
               QT_TRANSLATE_NOOP("BlockCatalog",
                                 "Weight of the newest batch in the running statistics."))}),
      .infer = infer,
      .sample = sample,
  };
}

}  // namespace convstudio::blocks::batch_norm2d
