// Dropout: zeroes random elements while training and rescales the rest; identity at inference.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::dropout {

BlockModel model_half() {
  return {
      .spec = block_spec(
          "Dropout", category::kRegularization, "dropout",
          QT_TRANSLATE_NOOP("BlockCatalog",
                            "Zeroes random elements while training and rescales the rest."),
          1, 1,
          {float_param("p", QT_TRANSLATE_NOOP("BlockCatalog", "Drop probability"), 0.5, 0.0, 1.0,
                       QT_TRANSLATE_NOOP("BlockCatalog", "Probability of zeroing an element."))}),
      .infer =
          [](ShapeRule& r) {
            r.out.saved_extra_elements = r.in().element_count();  // the scaled noise mask
            return r.same_shape(false, false);
          },
      .sample = [](ParamSampler& s) -> std::optional<BlockParams> {
        return BlockParams{{"p", s.chance(0.5) ? 0.25 : 0.5}};
      },
  };
}

}  // namespace convstudio::blocks::dropout
