// SiLU: x·sigmoid(x), also called swish.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::silu {

BlockModel model_half() {
  return {
      .spec =
          block_spec("SiLU", category::kActivation, "silu",
                     QT_TRANSLATE_NOOP("BlockCatalog", "x·sigmoid(x), also called swish."), 1, 1),
      // The backward pass recomputes from the input.
      .infer = [](ShapeRule& r) { return r.same_shape(true, false); },
  };
}

}  // namespace convstudio::blocks::silu
