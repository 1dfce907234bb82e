// LeakyReLU: x for x > 0, slope·x otherwise.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::leaky_relu {

BlockModel model_half() {
  return {
      .spec = block_spec(
          "LeakyReLU", category::kActivation, "lrelu",
          QT_TRANSLATE_NOOP("BlockCatalog", "x for x > 0, slope·x otherwise."), 1, 1,
          {float_param("negative_slope", QT_TRANSLATE_NOOP("BlockCatalog", "Negative slope"), 0.01,
                       0.0, 1.0, QT_TRANSLATE_NOOP("BlockCatalog", "Slope for negative inputs."))}),
      .infer = [](ShapeRule& r) { return r.same_shape(true, false); },
      .sample = [](ParamSampler&) -> std::optional<BlockParams> {
        return BlockParams{{"negative_slope", 0.2}};
      },
  };
}

}  // namespace convstudio::blocks::leaky_relu
