// The class-balanced sampler (issue 34): each draw picks a class uniformly, then one of its
// images, so on a 50:5:1 index every class gets a third of the draws; the draws follow from
// (seed, epoch), and the loader's resume and data-parallel split replay them exactly.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "data/batch_loader.h"
#include "data/sample_order.h"
#include "test_files.h"

namespace convstudio {
namespace {

// Labels 0, 1 and 2 in the ratio 50:5:1: `scale` × (50, 5, 1) samples, in class order.
std::vector<std::int64_t> imbalanced_labels(std::int64_t scale) {
  std::vector<std::int64_t> labels;
  const std::int64_t counts[] = {50, 5, 1};
  for (std::int64_t label = 0; label < 3; ++label) {
    labels.insert(labels.end(), static_cast<std::size_t>(counts[label] * scale), label);
  }
  return labels;
}

TEST(ClassBalancedSampler, ClassSharesAreWithinTwoPercentOfEqualOnA50To5To1Index) {
  const std::vector<std::int64_t> labels = imbalanced_labels(200);  // 11,200 samples
  const std::vector<std::int64_t> order = class_balanced_epoch_order(labels, 34, 0);
  ASSERT_EQ(order.size(), labels.size());
  constexpr std::size_t kDraws = 10000;
  std::map<std::int64_t, std::int64_t> per_class;
  std::set<std::int64_t> rare_seen;
  for (std::size_t i = 0; i < kDraws; ++i) {
    const std::int64_t sample = order[i];
    ASSERT_GE(sample, 0);
    ASSERT_LT(sample, static_cast<std::int64_t>(labels.size()));
    ++per_class[labels[static_cast<std::size_t>(sample)]];
    if (labels[static_cast<std::size_t>(sample)] == 2) rare_seen.insert(sample);
  }
  for (std::int64_t label = 0; label < 3; ++label) {
    const double share = static_cast<double>(per_class[label]) / kDraws;
    EXPECT_NEAR(share, 1.0 / 3.0, 0.02) << "class " << label;
  }
  // About 3,300 draws of the 200 rare images: drawn with replacement, every one of them is seen.
  EXPECT_EQ(rare_seen.size(), 200u);
}

TEST(ClassBalancedSampler, SameSeedAndEpochGiveTheSameDrawsOthersAnother) {
  const std::vector<std::int64_t> labels = imbalanced_labels(10);
  const std::vector<std::int64_t> order = class_balanced_epoch_order(labels, 7, 3);
  EXPECT_EQ(order, class_balanced_epoch_order(labels, 7, 3));
  EXPECT_NE(order, class_balanced_epoch_order(labels, 7, 4));
  EXPECT_NE(order, class_balanced_epoch_order(labels, 8, 3));
  EXPECT_NE(order, epoch_order(static_cast<std::int64_t>(labels.size()), 7, 3));
}

TEST(ClassBalancedSampler, SamplesWithoutALabelAreNeverDrawn) {
  const std::vector<std::int64_t> labels = {-1, 0, -1, 1, -1};
  for (const std::int64_t sample : class_balanced_epoch_order(labels, 1, 0)) {
    EXPECT_TRUE(sample == 1 || sample == 3) << sample;
  }
  EXPECT_TRUE(class_balanced_epoch_order({-1, -1}, 1, 0).empty());
}

std::shared_ptr<const ImageSet> imbalanced_images() {
  ImageSet images = testing::numbered_images(560, 1, 4, 4, 3);
  images.labels = imbalanced_labels(10);
  return std::make_shared<const ImageSet>(std::move(images));
}

BatchLoaderOptions balanced_options(int shard_rank = 0, int shard_count = 1) {
  BatchLoaderOptions options;
  options.batch_size = 32;
  options.workers = 2;
  options.seed = 11;
  options.class_balanced = true;
  options.shard_rank = shard_rank;
  options.shard_count = shard_count;
  return options;
}

// Each batch's sample indices, from batch `skip` of `epoch` to the epoch's end.
std::vector<std::vector<std::int64_t>> batches_of(BatchLoader& loader, std::int64_t epoch,
                                                  std::int64_t skip = 0) {
  loader.start_epoch(epoch, skip);
  std::vector<std::vector<std::int64_t>> batches;
  while (std::optional<Batch> batch = loader.next()) batches.push_back(batch->samples);
  return batches;
}

TEST(ClassBalancedSampler, TheLoaderDrawsTheSamplersOrder) {
  const auto images = imbalanced_images();
  BatchLoader loader(images, balanced_options());
  std::vector<std::int64_t> drawn;
  for (const auto& batch : batches_of(loader, 2))
    drawn.insert(drawn.end(), batch.begin(), batch.end());
  EXPECT_EQ(drawn, class_balanced_epoch_order(images->labels, 11, 2));
}

TEST(ClassBalancedSampler, ResumingMidEpochReplaysTheSameBatches) {
  BatchLoader loader(imbalanced_images(), balanced_options());
  const auto uninterrupted = batches_of(loader, 1);
  ASSERT_EQ(uninterrupted.size(), 18u);                          // 560 draws in batches of 32
  BatchLoader resumed(imbalanced_images(), balanced_options());  // a new process, as on resume
  EXPECT_EQ(batches_of(resumed, 1, 7),
            std::vector<std::vector<std::int64_t>>(uninterrupted.begin() + 7, uninterrupted.end()));
}

TEST(ClassBalancedSampler, DataParallelShardsTogetherDrawWhatOneProcessDraws) {
  BatchLoaderOptions whole = balanced_options();
  whole.batch_size = 64;
  BatchLoader single(imbalanced_images(), whole);
  BatchLoader first(imbalanced_images(), balanced_options(0, 2));
  BatchLoader second(imbalanced_images(), balanced_options(1, 2));
  const auto global = batches_of(single, 0, 3);
  const auto rank0 = batches_of(first, 0, 3);  // resumed at global batch 3 as well
  const auto rank1 = batches_of(second, 0, 3);
  ASSERT_EQ(rank0.size(), global.size());
  ASSERT_EQ(rank1.size(), global.size());
  for (std::size_t b = 0; b < global.size(); ++b) {
    std::vector<std::int64_t> joined = rank0[b];
    joined.insert(joined.end(), rank1[b].begin(), rank1[b].end());
    EXPECT_EQ(joined, global[b]) << "batch " << b;
  }
}

}  // namespace
}  // namespace convstudio
