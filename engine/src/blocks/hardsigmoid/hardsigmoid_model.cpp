// Hardsigmoid: relu6(x + 3) / 6, a piecewise-linear sigmoid (MobileNetV3's gates).

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::hardsigmoid {

BlockModel model_half() {
  return {
      .spec = block_spec(
          "Hardsigmoid", category::kActivation, "hsigmoid",
          QT_TRANSLATE_NOOP("BlockCatalog", "relu6(x + 3) / 6: a piecewise-linear sigmoid."), 1, 1),
      .infer = [](ShapeRule& r) { return r.same_shape(true, false); },
  };
}

}  // namespace convstudio::blocks::hardsigmoid
