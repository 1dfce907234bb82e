// GELU: Gaussian error linear unit (exact).

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::gelu {

BlockModel model_half() {
  return {
      .spec = block_spec("GELU", category::kActivation, "gelu",
                         QT_TRANSLATE_NOOP("BlockCatalog", "Gaussian error linear unit (exact)."),
                         1, 1),
      // The backward pass recomputes from the input.
      .infer = [](ShapeRule& r) { return r.same_shape(true, false); },
  };
}

}  // namespace convstudio::blocks::gelu
