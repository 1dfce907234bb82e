// Linear: a fully connected layer on a flat input; input features come from the wire.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"
#include "blocks/shared/dense_rule.h"

namespace convstudio::blocks::linear {
namespace {

std::optional<BlockParams> sample(ParamSampler& s) {
  if (!s.in().is_flat()) return std::nullopt;
  const std::int64_t out = s.goal() == SampleGoal::KeepShape ? s.in().channels() : s.pick(4, 64);
  return BlockParams{{"out_features", out}, {"bias", s.chance(0.8)}};
}

}  // namespace

BlockModel model_half() {
  return {
      .spec = block_spec(
          "Linear", category::kDense, "fc",
          QT_TRANSLATE_NOOP("BlockCatalog",
                            "Fully connected layer on a flat input; input features are inferred."),
          1, 1,
          {int_param("out_features", QT_TRANSLATE_NOOP("BlockCatalog", "Output features"), 128, 1,
                     65536, QT_TRANSLATE_NOOP("BlockCatalog", "Number of output features.")),
           bool_param("bias", QT_TRANSLATE_NOOP("BlockCatalog", "Bias"), true,
                      QT_TRANSLATE_NOOP("BlockCatalog", "Learn a bias per output feature."))}),
      .infer =
          [](ShapeRule& r) {
            return infer_dense(r, r.block.int_param("out_features"), r.block.bool_param("bias"));
          },
      .sample = sample,
      .sample_weight = 2,
  };
}

}  // namespace convstudio::blocks::linear
