// Dropout2d: zeroes whole random channels while training; identity at inference.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::dropout2d {

BlockModel model_half() {
  return {
      .spec = block_spec(
          "Dropout2d", category::kRegularization, "dropch",
          QT_TRANSLATE_NOOP("BlockCatalog", "Zeroes whole random channels while training."), 1, 1,
          {float_param("p", QT_TRANSLATE_NOOP("BlockCatalog", "Drop probability"), 0.5, 0.0, 1.0,
                       QT_TRANSLATE_NOOP("BlockCatalog", "Probability of zeroing a channel."))}),
      .infer =
          [](ShapeRule& r) {
            if (!r.require_image(" (use Dropout for flat inputs)")) return false;
            r.out.saved_extra_elements = r.in().channels();  // one mask value per channel
            return r.same_shape(false, false);
          },
      .sample = [](ParamSampler& s) -> std::optional<BlockParams> {
        if (!s.in().is_image()) return std::nullopt;
        return BlockParams{{"p", 0.25}};
      },
  };
}

}  // namespace convstudio::blocks::dropout2d
