// GroupNorm: normalises each sample over groups of channels (independent of the batch size),
// then scales and shifts every channel with learned weights.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"

namespace convstudio::blocks::group_norm {
namespace {

bool infer(ShapeRule& r) {
  if (!r.require_image()) return false;
  const std::int64_t channels = r.in().channels();
  const std::int64_t groups = r.block.int_param("num_groups");
  if (channels % groups != 0) {
    return r.fail("params.num_groups", "num_groups " + std::to_string(groups) +
                                           " does not divide the input's " +
                                           std::to_string(channels) + " channels");
  }
  r.out.params = 2 * channels;              // weight and bias per channel
  r.out.saved_extra_elements = 2 * groups;  // mean and 1/std per sample and group
  return r.same_shape(true, false);
}

// Any divisor of the channels.
std::optional<BlockParams> sample(ParamSampler& s) {
  if (!s.in().is_image()) return std::nullopt;
  std::vector<std::int64_t> divisors;
  for (std::int64_t g = 1; g <= s.in().channels(); ++g) {
    if (s.in().channels() % g == 0) divisors.push_back(g);
  }
  return BlockParams{{"num_groups", s.pick_of(divisors)}, {"eps", s.chance(0.5) ? 1e-5 : 1e-3}};
}

}  // namespace

BlockModel model_half() {
  return {
      .spec = block_spec(
          "GroupNorm", category::kNormalization, "gn",
          QT_TRANSLATE_NOOP("BlockCatalog",
                            "Normalises each sample over groups of channels, with learned scale "
                            "and shift; independent of the batch size."),
          1, 1,
          {int_param("num_groups", QT_TRANSLATE_NOOP("BlockCatalog", "Groups"), 4, 1, 4096,
                     QT_TRANSLATE_NOOP("BlockCatalog",
                                       "Number of channel groups; must divide the channels.")),
           float_param("eps", QT_TRANSLATE_NOOP("BlockCatalog", "Epsilon"), 1e-5, 1e-12, 1.0,
                       QT_TRANSLATE_NOOP("BlockCatalog", "Added to the variance."))}),
      .infer = infer,
      .sample = sample,
  };
}

}  // namespace convstudio::blocks::group_norm
