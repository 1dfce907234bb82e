// Conv2d: 2-D convolution with explicit or 'same' padding, dilation and groups (depthwise when
// groups = input channels). Input channels come from the incoming wire.

#include <algorithm>

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::conv2d {
namespace {

constexpr std::int64_t kMaxSampledChannels = 48;

bool infer(ShapeRule& r) {
  if (!r.require_image()) return false;
  const TensorShape& x = r.in();
  const std::int64_t out = r.block.int_param("out_channels");
  const std::int64_t k = r.block.int_param("kernel");
  const std::int64_t stride = r.block.int_param("stride");
  const std::int64_t dilation = r.block.int_param("dilation");
  const std::int64_t groups = r.block.int_param("groups");
  const bool same = r.block.choice_param("padding_mode") == "same";
  const std::int64_t padding = same ? 0 : r.block.int_param("padding");
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
  if (same && stride != 1) {
    // PyTorch refuses padding='same' for strided convolutions.
    ok = r.fail("params.padding_mode", "padding 'same' needs stride 1, got stride " +
                                           std::to_string(stride) + " (use explicit padding)");
  }
  const std::int64_t span = dilation * (k - 1) + 1;
  if (!same && (span > x.height() + 2 * padding || span > x.width() + 2 * padding)) {
    std::string what = dilation == 1
                           ? "kernel " + std::to_string(k)
                           : "kernel " + std::to_string(k) + " with dilation " +
                                 std::to_string(dilation) + " spans " + std::to_string(span) + ",";
    ok = r.fail("params.kernel",
                what + " larger than padded input " + padded_text(x.height(), x.width(), padding));
  }
  if (!ok) return false;
  const std::int64_t h = same ? x.height() : (x.height() + 2 * padding - span) / stride + 1;
  const std::int64_t w = same ? x.width() : (x.width() + 2 * padding - span) / stride + 1;
  const std::int64_t per_output = (x.channels() / groups) * k * k;
  r.out.output_shape = TensorShape::image(out, h, w);
  r.out.params = out * per_output + (r.block.bool_param("bias") ? out : 0);
  r.out.macs = out * h * w * per_output;
  r.out.saves_input = true;
  return true;
}

// Plain, grouped or depthwise; explicit or 'same' padding; dilation; stride 2. A branch keeps
// H×W (stride 1, 'same' or symmetric padding) and, for Add, the channel count too.
std::optional<BlockParams> sample(ParamSampler& s) {
  if (!s.in().is_image()) return std::nullopt;
  const std::int64_t c = s.in().channels(), h = s.in().height(), w = s.in().width();
  const bool keep_channels = s.goal() == SampleGoal::KeepShape;
  std::int64_t groups = 1, out = keep_channels ? c : s.pick(1, kMaxSampledChannels);
  if (s.chance(0.25)) {
    groups = c;  // depthwise
    out = keep_channels ? c : c * s.pick(1, std::max<std::int64_t>(1, kMaxSampledChannels / c));
  } else if (s.chance(0.2)) {
    std::vector<std::int64_t> divisors;
    for (std::int64_t g = 2; g < c; ++g) {
      if (c % g == 0) divisors.push_back(g);
    }
    if (!divisors.empty()) {
      groups = s.pick_of(divisors);
      if (!keep_channels) {
        out = groups * s.pick(1, std::max<std::int64_t>(1, kMaxSampledChannels / groups));
      }
    }
  }
  std::int64_t k = s.pick_of({1, 2, 3, 5});
  std::int64_t dilation = s.chance(0.2) ? 2 : 1;
  const bool keep = s.keeps_size();
  const bool same = keep ? (k % 2 == 0 || dilation > 1 || s.chance(0.5)) : s.chance(0.2);
  std::int64_t stride = 1, padding = 0;
  if (keep && !same) padding = dilation * (k - 1) / 2;  // odd span: symmetric padding
  if (!keep && !same) {
    stride = s.chance(0.3) ? 2 : 1;
    padding = s.pick(0, k / 2 + dilation - 1);
    if (dilation * (k - 1) + 1 > std::min(h, w) + 2 * padding) k = 1, dilation = 1;
  }
  return BlockParams{{"out_channels", out},
                     {"kernel", k},
                     {"stride", stride},
                     {"padding", padding},
                     {"padding_mode", std::string(same ? "same" : "explicit")},
                     {"dilation", dilation},
                     {"groups", groups},
                     {"bias", s.chance(0.7)}};
}

}  // namespace

BlockModel model_half() {
  return {
      .spec = block_spec(
          "Conv2d", category::kConvolution, "conv",
          QT_TRANSLATE_NOOP("BlockCatalog",
                            "2-D convolution; input channels are inferred from the incoming wire."),
          1, 1,
          {int_param("out_channels", QT_TRANSLATE_NOOP("BlockCatalog", "Output channels"), 16, 1,
                     4096,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Number of filters (output channels).")),
           int_param("kernel", QT_TRANSLATE_NOOP("BlockCatalog", "Kernel size"), 3, 1, 31,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Kernel size (square).")),
           int_param("stride", QT_TRANSLATE_NOOP("BlockCatalog", "Stride"), 1, 1, 16,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Step between kernel positions.")),
           int_param("padding", QT_TRANSLATE_NOOP("BlockCatalog", "Padding"), 0, 0, 31,
                     QT_TRANSLATE_NOOP("BlockCatalog",
                                       "Zero padding on each side (padding_mode explicit).")),
           choice_param("padding_mode", QT_TRANSLATE_NOOP("BlockCatalog", "Padding mode"),
                        "explicit", {"explicit", "same"},
                        QT_TRANSLATE_NOOP("BlockCatalog",
                                          "explicit uses `padding`; same keeps H×W (PyTorch "
                                          "padding='same', stride 1).")),
           int_param("dilation", QT_TRANSLATE_NOOP("BlockCatalog", "Dilation"), 1, 1, 16,
                     QT_TRANSLATE_NOOP("BlockCatalog", "Spacing between kernel taps.")),
           int_param("groups", QT_TRANSLATE_NOOP("BlockCatalog", "Groups"), 1, 1, 4096,
                     QT_TRANSLATE_NOOP(
                         "BlockCatalog",
                         "Channel groups; = input channels makes a depthwise convolution.")),
           bool_param("bias", QT_TRANSLATE_NOOP("BlockCatalog", "Bias"), true,
                      QT_TRANSLATE_NOOP("BlockCatalog", "Learn a bias per output channel."))}),
      .infer = infer,
      .sample = sample,
      .sample_weight = 4,
  };
}

}  // namespace convstudio::blocks::conv2d
