// ConvTranspose2d: the transposed ("fractionally strided") convolution a decoder learns to
// upsample with. Output H = (H_in - 1)·stride - 2·padding + dilation·(kernel - 1) +
// output_padding + 1, as PyTorch's nn.ConvTranspose2d.

#include <algorithm>

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::conv_transpose2d {
namespace {

std::int64_t out_size(std::int64_t in, std::int64_t k, std::int64_t stride, std::int64_t padding,
                      std::int64_t output_padding, std::int64_t dilation) {
  return (in - 1) * stride - 2 * padding + dilation * (k - 1) + output_padding + 1;
}

bool infer(ShapeRule& r) {
  if (!r.require_image()) return false;
  const TensorShape& x = r.in();
  const std::int64_t out = r.block.int_param("out_channels");
  const std::int64_t k = r.block.int_param("kernel");
  const std::int64_t stride = r.block.int_param("stride");
  const std::int64_t padding = r.block.int_param("padding");
  const std::int64_t output_padding = r.block.int_param("output_padding");
  const std::int64_t dilation = r.block.int_param("dilation");
  const std::int64_t groups = r.block.int_param("groups");
  bool ok = true;
  if (x.channels() % groups != 0) {
    ok = r.fail("params.groups", "groups " + std::to_string(groups) +
                                     " does not divide input channels " +
                                     std::to_string(x.channels()));
  }
  if (out % groups != 0) {
    ok = r.fail("params.groups", "groups " + std::to_string(groups) +
                                     " does not divide out_channels " + std::to_string(out));
  }
  if (output_padding >= std::max(stride, dilation)) {
    // PyTorch's rule: the extra row must fall inside one stride (or dilation) step.
    ok = r.fail("params.output_padding", "output_padding " + std::to_string(output_padding) +
                                             " must be smaller than the stride or the dilation (" +
                                             std::to_string(std::max(stride, dilation)) + ")");
  }
  const std::int64_t h = out_size(x.height(), k, stride, padding, output_padding, dilation);
  const std::int64_t w = out_size(x.width(), k, stride, padding, output_padding, dilation);
  if (ok && (h < 1 || w < 1)) {
    ok = r.fail("params.padding", "padding " + std::to_string(padding) + " leaves an output of " +
                                      std::to_string(h) + "\u00d7" + std::to_string(w));
  }
  if (!ok) return false;
  const std::int64_t per_input = (out / groups) * k * k;  // outputs each input value feeds
  r.out.output_shape = TensorShape::image(out, h, w);
  r.out.params = x.channels() * per_input + (r.block.bool_param("bias") ? out : 0);
  r.out.macs = x.channels() * x.height() * x.width() * per_input;
  r.out.saves_input = true;
  return true;
}

// Stride 1 or 2 (a decoder's ×2), kernel 1 to 4, padding and output_padding that fit; a branch
// keeps H×W (stride 1, kernel 2·padding + 1) and, for Add, the channels too.
std::optional<BlockParams> sample(ParamSampler& s) {
  if (!s.in().is_image()) return std::nullopt;
  const std::int64_t c = s.in().channels();
  const bool keep = s.keeps_size();
  std::int64_t groups = 1;
  if (s.chance(0.2)) {
    for (std::int64_t g : {4, 3, 2}) {
      if (c % g == 0) {
        groups = g;
        break;
      }
    }
  }
  const std::int64_t out = s.goal() == SampleGoal::KeepShape
                               ? c
                               : groups * s.pick(1, std::max<std::int64_t>(1, 24 / groups));
  std::int64_t k = keep ? s.pick_of({1, 3}) : s.pick(1, 4);
  std::int64_t stride = keep ? 1 : s.pick(1, 2);
  std::int64_t dilation = !keep && s.chance(0.2) ? 2 : 1;
  std::int64_t padding = keep ? (k - 1) / 2 : s.pick(0, (dilation * (k - 1)) / 2);
  std::int64_t output_padding = keep ? 0 : s.pick(0, std::max(stride, dilation) - 1);
  return BlockParams{{"out_channels", out},
                     {"kernel", k},
                     {"stride", stride},
                     {"padding", padding},
                     {"output_padding", output_padding},
                     {"dilation", dilation},
                     {"groups", groups},
                     {"bias", s.chance(0.7)}};
}

}  // namespace

BlockModel model_half() {
  return {
      .spec = block_spec(
          "ConvTranspose2d", category::kConvolution, "deconv",
          QT_TRANSLATE_NOOP("BlockCatalog",
                            "Transposed 2-D convolution: learns to upsample (stride 2 doubles "
                            "H×W with kernel 2, or kernel 4 and padding 1)."),
          1, 1,
          {int_param("out_channels", QT_TRANSLATE_NOOP("BlockCatalog", "Output channels"), 16, 1,
                     4096,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Number of filters (output channels).")),
           int_param("kernel", QT_TRANSLATE_NOOP("BlockCatalog", "Kernel size"), 2, 1, 31,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Kernel size (square).")),
           int_param("stride", QT_TRANSLATE_NOOP("BlockCatalog", "Stride"), 2, 1, 16,
                     QT_TRANSLATE_NOOP("BlockCatalog",
                                       "Upsampling step: the output grows by "
                                       "this factor.")),
           int_param("padding", QT_TRANSLATE_NOOP("BlockCatalog", "Padding"), 0, 0, 31,
                     QT_TRANSLATE_NOOP("BlockCatalog",
                                       "Rows and columns removed from each side of the output "
                                       "(dilation·(kernel−1) − padding of implicit zero "
                                       "padding).")),
           int_param("output_padding", QT_TRANSLATE_NOOP("BlockCatalog", "Output padding"), 0, 0,
                     15,
                     QT_TRANSLATE_NOOP("BlockCatalog",
                                       "Extra rows and columns on one side of the output; "
                                       "smaller than the stride or the dilation.")),
           int_param("dilation", QT_TRANSLATE_NOOP("BlockCatalog", "Dilation"), 1, 1, 16,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Spacing between kernel taps.")),
           int_param("groups", QT_TRANSLATE_NOOP("BlockCatalog", "Groups"), 1, 1, 4096,
                     QT_TRANSLATE_NOOP("BlockCatalog",
                                       "Channel groups; must divide input and output "
                                       "channels.")),
           bool_param("bias", QT_TRANSLATE_NOOP("BlockCatalog", "Bias"), true,
                      QT_TRANSLATE_NOOP("BlockCatalog", "Learn a bias per output channel."))}),
      .infer = infer,
      .sample = sample,
  };
}

}  // namespace convstudio::blocks::conv_transpose2d
