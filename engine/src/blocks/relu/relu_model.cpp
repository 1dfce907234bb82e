// ReLU: max(0, x).

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::relu {

BlockModel model_half() {
  return {
      .spec = block_spec("ReLU", category::kActivation, "relu",
                         QT_TRANSLATE_NOOP("BlockCatalog", "max(0, x)."), 1, 1),
      // The backward pass needs only the output's sign.
      .infer = [](ShapeRule& r) { return r.same_shape(false, true); },
  };
}

}  // namespace convstudio::blocks::relu
