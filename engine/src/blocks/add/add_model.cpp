// Add: the element-wise sum of 2 to 8 inputs of one shape (a residual connection).

#include "blocks/block_model.h"
#include "blocks/param_specs.h"
#include "blocks/shared/merge_inputs.h"

namespace convstudio::blocks::add {

BlockModel model_half() {
  return {
      .spec = block_spec(
          "Add", category::kMerge, "add",
          QT_TRANSLATE_NOOP("BlockCatalog",
                            "Element-wise sum of 2 to 8 inputs of the same shape (residual)."),
          2, 8),
      .infer =
          [](ShapeRule& r) {
            if (!merge_inputs_agree(r, false)) return false;
            r.out.output_shape = r.in(0);
            return true;
          },
      .branch_goal = SampleGoal::KeepShape,
  };
}

}  // namespace convstudio::blocks::add
