// Hardswish: x·relu6(x + 3) / 6, MobileNetV3's cheap swish.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::hardswish {

BlockModel model_half() {
  return {
      .spec = block_spec(
          "Hardswish", category::kActivation, "hswish",
          QT_TRANSLATE_NOOP("BlockCatalog", "x·relu6(x + 3) / 6: a cheap swish (MobileNetV3)."), 1,
          1),
      .infer = [](ShapeRule& r) { return r.same_shape(true, false); },
  };
}

}  // namespace convstudio::blocks::hardswish
