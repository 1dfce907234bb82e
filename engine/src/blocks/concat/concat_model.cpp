// Concat: joins 2 to 8 inputs along the channels (images of one H×W) or features (flat).

#include "blocks/block_model.h"
#include "blocks/param_specs.h"
#include "blocks/shared/merge_inputs.h"

namespace convstudio::blocks::concat {

BlockModel model_half() {
  return {
      .spec = block_spec(
          "Concat", category::kMerge, "concat",
          QT_TRANSLATE_NOOP("BlockCatalog", "Joins 2 to 8 inputs along the channels (same H×W)."),
          2, 8),
      .infer =
          [](ShapeRule& r) {
            if (!merge_inputs_agree(r, true)) return false;
            r.out.output_shape = r.in(0);
            for (std::size_t i = 1; i < r.input_count(); ++i) {
              r.out.output_shape.dims[0] += r.in(i).dims[0];
            }
            return true;
          },
      .branch_goal = SampleGoal::KeepSize,
  };
}

}  // namespace convstudio::blocks::concat
