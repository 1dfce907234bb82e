#include "convstudio/data/preview_sample.h"

#include <algorithm>

#include "data/augmenter.h"
#include "data/sample_order.h"
#include "data/seeded_random.h"

namespace convstudio {
namespace {

// A mask's classes by name, in class order: "background, circle".
std::string classes_shown(const std::vector<std::uint8_t>& mask,
                          const std::vector<std::string>& names) {
  std::vector<bool> shown(names.size(), false);
  for (std::uint8_t label : mask) {
    if (label < shown.size()) shown[label] = true;
  }
  std::string text;
  for (std::size_t c = 0; c < names.size(); ++c) {
    if (shown[c]) text += (text.empty() ? "" : ", ") + names[c];
  }
  return text;
}

}  // namespace

std::vector<PreviewSample> preview_augmented(const Dataset& dataset,
                                             const AugmentationOptions& augmentation, int count,
                                             std::uint64_t seed, std::int64_t epoch) {
  if (!dataset.train || dataset.train->size() == 0 || count <= 0) return {};
  const SampleSet& set = *dataset.train;
  constexpr std::uint64_t kPreviewTag = 0x50524556ull;  // "PREV"
  const std::vector<std::int64_t> order =
      shuffled_indices(set.size(), SeededRandom::mix({seed, kPreviewTag}));
  // Only the shown images are read; unreadable ones give way to the next in the draw, up to a
  // few times as many as wanted.
  const auto tries = std::min<std::int64_t>(set.size(), std::int64_t{4} * count);

  // The same per-sample seed as the loader's, so the preview shows what training will see.
  const Augmenter augmenter(augmentation, set.channels(), set.height(), set.width());
  std::vector<std::uint8_t> scratch(set.image_bytes());
  std::vector<std::uint8_t> mask_scratch(set.has_masks() ? set.mask_bytes() : 0);
  std::vector<PreviewSample> samples;
  for (std::int64_t i = 0; i < tries && static_cast<int>(samples.size()) < count; ++i) {
    const std::int64_t index = order[static_cast<std::size_t>(i)];
    const Result<const std::uint8_t*> pixels = set.fetch(index, scratch.data());
    if (!pixels) continue;
    const Result<const std::uint8_t*> mask = set.has_masks()
                                                 ? set.fetch_mask(index, mask_scratch.data())
                                                 : Result<const std::uint8_t*>(nullptr);
    if (!mask) continue;
    PreviewSample sample;
    sample.channels = set.channels();
    sample.height = set.height();
    sample.width = set.width();
    sample.pixels.resize(set.image_bytes());
    if (set.has_masks()) {
      sample.mask.resize(set.mask_bytes());
      sample.class_colours = dataset.info.class_colours;
    }
    augmenter.apply(pixels.value(), sample.pixels.data(),
                    Augmenter::sample_seed(seed, epoch, index), mask.value(),
                    set.has_masks() ? sample.mask.data() : nullptr);
    sample.label = set.label(index);
    if (set.has_masks()) {
      sample.class_name = classes_shown(sample.mask, dataset.info.class_names);
    } else if (sample.label < static_cast<std::int64_t>(dataset.info.class_names.size())) {
      sample.class_name = dataset.info.class_names[static_cast<std::size_t>(sample.label)];
    }
    sample.index = index;
    samples.push_back(std::move(sample));
  }
  return samples;
}

}  // namespace convstudio
