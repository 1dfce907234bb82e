// ReLU6: min(max(0, x), 6), MobileNet's bounded activation.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::relu6 {

BlockModel model_half() {
  return {
      .spec = block_spec(
          "ReLU6", category::kActivation, "relu6",
          QT_TRANSLATE_NOOP("BlockCatalog", "min(max(0, x), 6): ReLU capped at 6 (MobileNet)."), 1,
          1),
      // hardtanh's backward compares the saved input with both bounds.
      .infer = [](ShapeRule& r) { return r.same_shape(true, false); },
  };
}

}  // namespace convstudio::blocks::relu6
