// Flatten: C×H×W becomes a flat vector of C·H·W features (a view: no copy).

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::flatten {

BlockModel model_half() {
  return {
      .spec = block_spec(
          "Flatten", category::kStructure, "flatten",
          QT_TRANSLATE_NOOP("BlockCatalog", "Turns C×H×W into a flat vector of C·H·W features."), 1,
          1),
      .infer =
          [](ShapeRule& r) {
            r.out.output_shape = TensorShape::flat(r.in().element_count());
            return true;
          },
      .output_is_view = true,
  };
}

}  // namespace convstudio::blocks::flatten
