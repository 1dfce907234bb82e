// Tanh: Hyperbolic tangent.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::tanh {

BlockModel model_half() {
  return {
      .spec = block_spec("Tanh", category::kActivation, "tanh",
                         QT_TRANSLATE_NOOP("BlockCatalog", "Hyperbolic tangent."), 1, 1),
      // The derivative is written in terms of the output.
      .infer = [](ShapeRule& r) { return r.same_shape(false, true); },
  };
}

}  // namespace convstudio::blocks::tanh
