#include <gtest/gtest.h>

#include <torch/cuda.h>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "data/augmenter.h"
#include "data/batch_loader.h"
#include "test_files.h"

namespace convstudio {
namespace {

constexpr std::int64_t kSamples = 1000;
constexpr int kClasses = 7;

std::shared_ptr<const ImageSet> numbered() {
  return std::make_shared<const ImageSet>(testing::numbered_images(kSamples, 1, 4, 4, kClasses));
}

BatchLoaderOptions options_with(std::int64_t batch_size, int workers) {
  BatchLoaderOptions options;
  options.batch_size = batch_size;
  options.workers = workers;
  options.seed = 11;
  return options;
}

// The sample numbers of one whole epoch, in the order the loader gave them. Unnormalised
// loaders (no mean/std) give pixel / 255, so the number is recovered exactly.
std::vector<std::int64_t> epoch_numbers(BatchLoader& loader, std::int64_t epoch,
                                        std::int64_t skip = 0) {
  loader.start_epoch(epoch, skip);
  std::vector<std::int64_t> numbers;
  while (std::optional<Batch> batch = loader.next()) {
    const torch::Tensor bytes = (batch->images * 255).round().to(torch::kUInt8).contiguous();
    const std::int64_t per_image = bytes[0].numel();
    for (std::int64_t i = 0; i < bytes.size(0); ++i) {
      const std::int64_t number =
          testing::image_number(bytes.data_ptr<std::uint8_t>() + i * per_image);
      EXPECT_EQ(batch->labels[i].item<std::int64_t>(), number % kClasses);
      numbers.push_back(number);
    }
  }
  return numbers;
}

TEST(BatchLoader, EverySampleOncePerEpoch) {
  BatchLoader loader(numbered(), options_with(64, 2));
  EXPECT_EQ(loader.batches_per_epoch(), 16);
  std::vector<std::int64_t> numbers = epoch_numbers(loader, 0);
  std::vector<std::int64_t> expected(kSamples);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_NE(numbers, expected) << "shuffled";
  std::sort(numbers.begin(), numbers.end());
  EXPECT_EQ(numbers, expected);
}

TEST(BatchLoader, SameSeedAndEpochGiveTheSameOrderOtherEpochsAnother) {
  BatchLoader first(numbered(), options_with(100, 3));
  BatchLoader second(numbered(), options_with(100, 1));
  const std::vector<std::int64_t> order = epoch_numbers(first, 4);
  EXPECT_EQ(order, epoch_numbers(second, 4));
  EXPECT_NE(order, epoch_numbers(second, 5));
}

TEST(BatchLoader, SkippingBatchesResumesTheSameEpoch) {
  BatchLoader loader(numbered(), options_with(64, 2));
  const std::vector<std::int64_t> full = epoch_numbers(loader, 2);
  const std::vector<std::int64_t> resumed = epoch_numbers(loader, 2, 5);
  EXPECT_EQ(resumed, std::vector<std::int64_t>(full.begin() + 5 * 64, full.end()));
  EXPECT_TRUE(epoch_numbers(loader, 2, 16).empty());
}

TEST(BatchLoader, RestartingAnEpochMidwayGivesTheWholeEpoch) {
  BatchLoader loader(numbered(), options_with(50, 2));
  loader.start_epoch(0);
  ASSERT_TRUE(loader.next().has_value());
  EXPECT_EQ(epoch_numbers(loader, 0).size(), static_cast<std::size_t>(kSamples));
}

TEST(BatchLoader, DropLastLeavesOutTheSmallBatch) {
  BatchLoaderOptions options = options_with(64, 2);
  BatchLoader keep(numbered(), options);
  options.drop_last = true;
  BatchLoader drop(numbered(), options);
  EXPECT_EQ(keep.batches_per_epoch(), 16);
  EXPECT_EQ(drop.batches_per_epoch(), 15);
  EXPECT_EQ(epoch_numbers(drop, 0).size(), 15u * 64u);
  keep.start_epoch(0, 15);
  EXPECT_EQ(keep.next()->images.size(0), kSamples - 15 * 64);
}

TEST(BatchLoader, BatchesAreNormalisedWithTheGivenStatistics) {
  auto images = std::make_shared<const ImageSet>(testing::numbered_images(256, 2, 3, 3, 2));
  BatchLoaderOptions options = options_with(256, 1);
  options.shuffle = false;
  options.mean = {0.25f, 0.5f};
  options.std = {0.5f, 2.0f};
  BatchLoader loader(images, options);
  loader.start_epoch(0);
  const Batch batch = *loader.next();
  ASSERT_EQ(batch.images.sizes(), (std::vector<std::int64_t>{256, 2, 3, 3}));
  EXPECT_EQ(batch.images.dtype(), torch::kFloat32);
  EXPECT_EQ(batch.labels.dtype(), torch::kInt64);
  const torch::Tensor raw = torch::from_blob(const_cast<std::uint8_t*>(images->pixels.data()),
                                             {256, 2, 3, 3}, torch::kUInt8)
                                .to(torch::kFloat32) /
                            255;
  const torch::Tensor mean = torch::tensor({0.25f, 0.5f}).view({1, 2, 1, 1});
  const torch::Tensor std = torch::tensor({0.5f, 2.0f}).view({1, 2, 1, 1});
  EXPECT_TRUE(torch::allclose(batch.images, (raw - mean) / std, 1e-5, 1e-6));
}

TEST(BatchLoader, AugmentsEachSampleByItsOwnSeed) {
  auto images = std::make_shared<const ImageSet>(testing::numbered_images(40, 1, 8, 8, 3));
  BatchLoaderOptions options = options_with(16, 2);
  options.augmentation.crop_padding = 2;
  options.augmentation.hflip = true;
  options.augmentation.brightness = 0.2f;
  BatchLoader loader(images, options);
  loader.start_epoch(3);
  const Batch batch = *loader.next();

  // Find each sample by its label-independent content: augment every candidate and compare.
  const Augmenter augmenter(options.augmentation, 1, 8, 8);
  std::vector<std::uint8_t> expected(64);
  for (std::int64_t i = 0; i < batch.images.size(0); ++i) {
    const torch::Tensor got = (batch.images[i] * 255).round().to(torch::kUInt8).contiguous();
    bool found = false;
    for (std::int64_t sample = 0; sample < images->size() && !found; ++sample) {
      augmenter.apply(images->image(sample), expected.data(),
                      Augmenter::sample_seed(11, 3, sample));
      found = std::equal(expected.begin(), expected.end(), got.data_ptr<std::uint8_t>());
    }
    EXPECT_TRUE(found) << "batch position " << i;
  }
}

TEST(BatchLoader, CallerThreadAssemblyMatchesWorkers) {
  BatchLoaderOptions options = options_with(64, 0);
  options.augmentation.crop_padding = 1;
  options.augmentation.rotation_degrees = 5;
  BatchLoader inline_loader(numbered(), options);
  options.workers = 3;
  BatchLoader threaded(numbered(), options);
  inline_loader.start_epoch(1);
  threaded.start_epoch(1);
  while (std::optional<Batch> a = inline_loader.next()) {
    std::optional<Batch> b = threaded.next();
    ASSERT_TRUE(b.has_value());
    EXPECT_TRUE(torch::equal(a->images, b->images));
    EXPECT_TRUE(torch::equal(a->labels, b->labels));
  }
  EXPECT_FALSE(threaded.next().has_value());
  EXPECT_GT(inline_loader.stall_seconds(), 0.0) << "inline assembly is all stall";
}

TEST(BatchLoader, StopsCleanlyWhenTheConsumerStopsEarly) {
  for (int workers : {1, 4}) {
    BatchLoaderOptions options = options_with(8, workers);
    options.prefetch_batches = 2;
    BatchLoader loader(numbered(), options);
    loader.start_epoch(0);
    ASSERT_TRUE(loader.next().has_value());
  }  // destructors join workers that are blocked on a full queue
  BatchLoader never_started(numbered(), options_with(8, 2));
  EXPECT_FALSE(never_started.next().has_value());
}

TEST(BatchLoader, PinsMemoryOnlyWhenCudaIsThere) {
  BatchLoader loader(numbered(), options_with(32, 1));
  loader.start_epoch(0);
  const Batch batch = *loader.next();
  EXPECT_EQ(loader.pinned(), torch::cuda::is_available());
  EXPECT_EQ(batch.non_blocking, torch::cuda::is_available());
  if (!torch::cuda::is_available()) {
    EXPECT_FALSE(batch.images.is_pinned());
  }
}

}  // namespace
}  // namespace convstudio
