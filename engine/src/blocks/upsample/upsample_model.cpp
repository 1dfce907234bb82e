// Upsample: resizes an image tensor by nearest-neighbour or bilinear interpolation, either by a
// whole scale factor (a U-Net decoder's ×2) or to a fixed size (a DeepLab head's pooled branch
// back to the feature map's H×W), as PyTorch's F.interpolate does.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"
#include "blocks/upsample/resize_target.h"

namespace convstudio::blocks::upsample {
namespace {

bool infer(ShapeRule& r) {
  if (!r.require_image()) return false;
  const TensorShape& x = r.in();
  const ResizeTarget target = resize_target(r.block, x);
  r.out.output_shape = TensorShape::image(x.channels(), target.height, target.width);
  // Interpolation is memory traffic, counted as 0 MACs like pooling; its backward needs only
  // the sizes, so autograd keeps neither tensor.
  return true;
}

// Nearest or bilinear, by scale or to a size; a branch keeps H×W (scale 1 or the input's size).
std::optional<BlockParams> sample(ParamSampler& s) {
  if (!s.in().is_image()) return std::nullopt;
  const bool by_size = s.chance(0.4);
  const bool keep = s.keeps_size();
  return BlockParams{
      {"mode", std::string(s.chance(0.5) ? "bilinear" : "nearest")},
      {"by", std::string(by_size ? "size" : "scale")},
      {"scale", keep ? 1 : s.pick(1, 3)},
      {"height", keep ? s.in().height() : s.pick(1, 2 * s.in().height() + 1)},
      {"width", keep ? s.in().width() : s.pick(1, 2 * s.in().width() + 1)},
      {"align_corners", s.chance(0.5)},
  };
}

}  // namespace

BlockModel model_half() {
  return {
      .spec = block_spec(
          "Upsample", category::kPooling, "up",
          QT_TRANSLATE_NOOP("BlockCatalog",
                            "Resizes H×W by nearest-neighbour or bilinear interpolation, by a "
                            "whole scale factor or to a fixed size (PyTorch F.interpolate)."),
          1, 1,
          {choice_param("mode", QT_TRANSLATE_NOOP("BlockCatalog", "Interpolation"), "nearest",
                        {"nearest", "bilinear"},
                        QT_TRANSLATE_NOOP("BlockCatalog",
                                          "nearest copies the closest pixel; bilinear blends "
                                          "the four nearest.")),
           choice_param("by", QT_TRANSLATE_NOOP("BlockCatalog", "Resize by"), "scale",
                        {"scale", "size"},
                        QT_TRANSLATE_NOOP("BlockCatalog",
                                          "scale multiplies H and W by `scale`; size resizes "
                                          "to `height`×`width`.")),
           int_param("scale", QT_TRANSLATE_NOOP("BlockCatalog", "Scale factor"), 2, 1, 16,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Whole factor for H and W (by scale).")),
           int_param("height", QT_TRANSLATE_NOOP("BlockCatalog", "Height"), 16, 1, 4096,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Output height (by size).")),
           int_param("width", QT_TRANSLATE_NOOP("BlockCatalog", "Width"), 16, 1, 4096,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Output width (by size).")),
           bool_param("align_corners", QT_TRANSLATE_NOOP("BlockCatalog", "Align corners"), false,
                      QT_TRANSLATE_NOOP("BlockCatalog",
                                        "Bilinear only: map the corner pixels onto each other "
                                        "(PyTorch align_corners)."))}),
      .infer = infer,
      .sample = sample,
  };
}

}  // namespace convstudio::blocks::upsample
