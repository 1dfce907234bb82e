// Input: the image batch entering the network. Its shape is the project's input shape, or the
// shape the caller analyses the model at (a dataset's images, an export's contract).

#include "blocks/block_model.h"
#include "blocks/param_specs.h"
#include "convstudio/model/input_output_blocks.h"

namespace convstudio::blocks::input {
namespace {

bool infer(ShapeRule& r) {
  const TensorShape shape = r.graph_input.value_or(TensorShape::image(
      r.block.int_param("channels"), r.block.int_param("height"), r.block.int_param("width")));
  bool positive = true;
  for (std::int64_t d : shape.dims) positive = positive && d > 0;
  if (!shape.is_image() || !positive) {
    return r.fail(
        "params.channels",
        "the input shape must be C\u00d7H\u00d7W with positive sizes, got " + shape.to_string());
  }
  r.out.output_shape = shape;
  return true;
}

std::optional<BlockParams> sample(ParamSampler& s) {
  const std::int64_t height = s.pick(4, 32);
  const std::int64_t channels = s.pick_of({1, 3, 4, 8});
  return BlockParams{{"channels", channels},
                     {"height", height},
                     {"width", s.chance(0.7) ? height : s.pick(4, 32)}};
}

}  // namespace

BlockModel model_half() {
  return {
      .spec = block_spec(
          std::string(kInputBlockType), category::kInputOutput, "input",
          QT_TRANSLATE_NOOP("BlockCatalog",
                            "The image batch entering the network (C×H×W per sample)."),
          0, 0,
          {int_param("channels", QT_TRANSLATE_NOOP("BlockCatalog", "Channels"), 1, 1, 64,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Image channels: 1 grey, 3 colour.")),
           int_param("height", QT_TRANSLATE_NOOP("BlockCatalog", "Height"), 28, 1, 4096,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Image height in pixels.")),
           int_param("width", QT_TRANSLATE_NOOP("BlockCatalog", "Width"), 28, 1, 4096,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Image width in pixels."))}),
      .infer = infer,
      .sample = sample,
  };
}

}  // namespace convstudio::blocks::input
