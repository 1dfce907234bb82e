#include "data/dataset_split.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "convstudio/runs/study_folds.h"
#include "data/sample_order.h"
#include "data/seeded_random.h"

namespace convstudio {

ImageSet take_images(const ImageSet& images, const std::vector<std::int64_t>& indices) {
  ImageSet out;
  out.channels = images.channels;
  out.height = images.height;
  out.width = images.width;
  const std::size_t bytes = images.image_bytes();
  out.pixels.resize(indices.size() * bytes);
  out.labels.reserve(indices.size());
  for (std::size_t i = 0; i < indices.size(); ++i) {
    std::memcpy(out.pixels.data() + i * bytes, images.image(indices[i]), bytes);
    out.labels.push_back(images.labels[static_cast<std::size_t>(indices[i])]);
  }
  return out;
}

ImageSet split_off_validation(ImageSet& train, double fraction, std::uint64_t seed) {
  const std::int64_t total = train.size();
  auto held_out = static_cast<std::int64_t>(std::llround(fraction * static_cast<double>(total)));
  if (total >= 2) held_out = std::clamp<std::int64_t>(held_out, 1, total - 1);
  held_out = std::clamp<std::int64_t>(held_out, 0, total);

  constexpr std::uint64_t kSplitTag = 0x53504C4954ull;  // "SPLIT"
  std::vector<std::int64_t> order = shuffled_indices(total, SeededRandom::mix({seed, kSplitTag}));
  std::vector<std::int64_t> validation_indices(order.begin(), order.begin() + held_out);
  std::vector<std::int64_t> train_indices(order.begin() + held_out, order.end());
  std::sort(validation_indices.begin(), validation_indices.end());
  std::sort(train_indices.begin(), train_indices.end());

  ImageSet validation = take_images(train, validation_indices);
  train = take_images(train, train_indices);
  return validation;
}

Result<FoldPositions> fold_positions(const std::vector<std::int64_t>& labels,
                                     const DatasetRequest& request) {
  const int k = request.folds;
  if (request.validation_fold < 0 || request.validation_fold >= k) {
    return Error::in_setting("dataset.validation_fold",
                             "there is no fold " + std::to_string(request.validation_fold) +
                                 " of " + std::to_string(k) + " (they count from 0)");
  }
  if (labels.size() < static_cast<std::size_t>(k)) {
    return Error::in_setting("dataset.folds", std::to_string(k) + " folds need at least " +
                                                  std::to_string(k) + " training samples; there " +
                                                  "are " + std::to_string(labels.size()));
  }
  const std::vector<int> folds = request.stratified_folds
                                     ? assign_stratified_folds(labels, k, request.fold_seed)
                                     : assign_folds(labels.size(), k, request.fold_seed);
  FoldPositions positions;
  for (std::size_t i = 0; i < folds.size(); ++i) {
    const bool validates = folds[i] == request.validation_fold;
    (validates ? positions.validation : positions.train).push_back(static_cast<std::int64_t>(i));
  }
  return positions;
}

}  // namespace convstudio
