// Sigmoid: 1 / (1 + e^-x).

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::sigmoid {

BlockModel model_half() {
  return {
      .spec = block_spec("Sigmoid", category::kActivation, "sigmoid",
                         QT_TRANSLATE_NOOP("BlockCatalog", "1 / (1 + e^-x)."), 1, 1),
      // The derivative is written in terms of the output.
      .infer = [](ShapeRule& r) { return r.same_shape(false, true); },
  };
}

}  // namespace convstudio::blocks::sigmoid
