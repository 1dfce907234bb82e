// The batch loader's guarantees (seeded order, resume, deterministic augmentation) when the
// samples are image files read per batch, with and without the decoded cache.

#include <gtest/gtest.h>

#include <torch/torch.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <numeric>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "convstudio/data/dataset.h"
#include "data/augmenter.h"
#include "data/batch_loader.h"
#include "data/image_decoder.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t kImages = 300;
constexpr int kClasses = 3;

// root/c<label>/<number>.png: grey 6 x 6 images whose first two pixels hold their number.
class StreamingLoader : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new testing::TempFolder;
    const ImageSet images = testing::numbered_images(kImages, 1, 6, 6, kClasses);
    for (std::int64_t i = 0; i < kImages; ++i) {
      const fs::path folder = root_->path() / ("c" + std::to_string(i % kClasses));
      fs::create_directories(folder);
      const cv::Mat image(6, 6, CV_8UC1, const_cast<std::uint8_t*>(images.image(i)));
      cv::imwrite((folder / (std::to_string(i) + ".png")).string(), image);
    }
  }
  static void TearDownTestSuite() { delete root_; }
  void TearDown() override { set_image_read_hook_for_testing({}); }

  static std::shared_ptr<const SampleSet> training_set(CacheMode cache) {
    DatasetRequest request;
    request.kind = DatasetKind::ImageFolder;
    request.path = root_->path().string();
    request.channels = 1;
    request.height = request.width = 6;
    request.validation_fraction = 0.1;
    request.split_seed = 5;
    request.cache = cache;
    request.compute_statistics = false;
    Result<Dataset> loaded = load_dataset(request);
    EXPECT_TRUE(loaded.ok()) << loaded.error().describe();
    return loaded.value().train;
  }

  static BatchLoaderOptions options(int workers) {
    BatchLoaderOptions o;
    o.batch_size = 32;
    o.workers = workers;
    o.seed = 17;
    return o;
  }

  // The sample numbers of one epoch, in the order the loader gave them.
  static std::vector<std::int64_t> epoch_numbers(BatchLoader& loader, std::int64_t epoch,
                                                 std::int64_t skip = 0) {
    loader.start_epoch(epoch, skip);
    std::vector<std::int64_t> numbers;
    while (std::optional<Batch> batch = loader.next()) {
      const torch::Tensor bytes = (batch->images * 255).round().to(torch::kUInt8).contiguous();
      for (std::int64_t i = 0; i < bytes.size(0); ++i) {
        const std::int64_t number = testing::image_number(bytes[i].data_ptr<std::uint8_t>());
        EXPECT_EQ(batch->labels[i].item<std::int64_t>(), number % kClasses);
        numbers.push_back(number);
      }
    }
    return numbers;
  }

  static testing::TempFolder* root_;
};

testing::TempFolder* StreamingLoader::root_ = nullptr;

TEST_F(StreamingLoader, EveryFileOncePerEpochInTheSeededOrderWhateverTheWorkers) {
  BatchLoader one(training_set(CacheMode::Off), options(1));
  BatchLoader three(training_set(CacheMode::Off), options(3));
  std::vector<std::int64_t> order = epoch_numbers(one, 2);
  EXPECT_EQ(order, epoch_numbers(three, 2));
  EXPECT_NE(order, epoch_numbers(three, 3));
  EXPECT_EQ(order.size(), 270u);
  std::sort(order.begin(), order.end());
  EXPECT_EQ(std::adjacent_find(order.begin(), order.end()), order.end());
}

TEST_F(StreamingLoader, ResumeSkipsBatchesWithoutReadingTheirFiles) {
  BatchLoader loader(training_set(CacheMode::Off), options(2));
  const std::vector<std::int64_t> full = epoch_numbers(loader, 1);
  std::atomic<int> reads{0};
  set_image_read_hook_for_testing([&](const std::string&) { ++reads; });
  const std::vector<std::int64_t> resumed = epoch_numbers(loader, 1, 5);
  EXPECT_EQ(resumed, std::vector<std::int64_t>(full.begin() + 5 * 32, full.end()));
  EXPECT_EQ(reads.load(), static_cast<int>(full.size()) - 5 * 32) << "skipped batches unread";
}

TEST_F(StreamingLoader, CachedAndStreamedBatchesAreIdenticalWithAugmentation) {
  BatchLoaderOptions o = options(2);
  o.augmentation.hflip = true;
  o.augmentation.crop_padding = 1;
  o.augmentation.resized_crop = true;
  o.augmentation.brightness = 0.3f;
  BatchLoader streamed(training_set(CacheMode::Off), o);
  BatchLoader cached(training_set(CacheMode::On), o);
  for (std::int64_t epoch : {0, 1}) {
    streamed.start_epoch(epoch);
    cached.start_epoch(epoch);
    while (std::optional<Batch> a = streamed.next()) {
      std::optional<Batch> b = cached.next();
      ASSERT_TRUE(b.has_value());
      EXPECT_TRUE(torch::equal(a->images, b->images)) << "epoch " << epoch;
      EXPECT_TRUE(torch::equal(a->labels, b->labels));
    }
  }
}

TEST_F(StreamingLoader, AugmentationFollowsEachSamplesSeed) {
  const std::shared_ptr<const SampleSet> set = training_set(CacheMode::Off);
  BatchLoaderOptions o = options(2);
  o.augmentation.resized_crop = true;
  o.augmentation.hflip = true;
  BatchLoader loader(set, o);
  loader.start_epoch(4);
  const Batch batch = *loader.next();
  const Augmenter augmenter(o.augmentation, 1, 6, 6);
  std::vector<std::uint8_t> expected(36);
  for (std::int64_t row = 0; row < batch.images.size(0); ++row) {
    const std::int64_t sample = batch.samples[static_cast<std::size_t>(row)];
    augmenter.apply(testing::pixels_of(*set, sample).data(), expected.data(),
                    Augmenter::sample_seed(17, 4, sample));
    const torch::Tensor got = (batch.images[row] * 255).round().to(torch::kUInt8).contiguous();
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), got.data_ptr<std::uint8_t>()))
        << "row " << row;
  }
}

// Memory is bounded by the prefetch depth, not by the set: however far ahead the workers get,
// no file is read for a batch more than `prefetch_batches` beyond the one being consumed. The
// consumer waits (on the reads, not on a clock) until the workers are as far ahead as they may
// go before taking each batch, so a loader that read further would be caught.
TEST_F(StreamingLoader, WorkersReadOnlyThePrefetchDepthAhead) {
  BatchLoaderOptions o = options(3);
  o.batch_size = 4;
  o.prefetch_batches = 3;
  BatchLoader loader(training_set(CacheMode::Off), o);
  const std::int64_t total = loader.sample_count();
  std::mutex mutex;
  std::condition_variable read;
  std::int64_t reads = 0;
  std::int64_t taken = 0;  // batches the consumer holds or has finished with
  std::int64_t most_ahead = 0;
  set_image_read_hook_for_testing([&](const std::string&) {
    std::lock_guard lock(mutex);
    ++reads;
    // Batches claimed so far, past those the consumer has taken. next() frees a slot before
    // `taken` counts it here, so a worker may briefly be one batch further.
    most_ahead = std::max(most_ahead, (reads + o.batch_size - 1) / o.batch_size - taken);
    read.notify_all();
  });
  loader.start_epoch(0);
  for (;;) {
    {
      std::unique_lock lock(mutex);
      const std::int64_t allowed = std::min(total, (taken + o.prefetch_batches) * o.batch_size);
      read.wait(lock, [&] { return reads >= allowed; });
    }
    std::optional<Batch> batch = loader.next();
    if (!batch) break;
    std::lock_guard lock(mutex);
    ++taken;
  }
  set_image_read_hook_for_testing({});
  EXPECT_EQ(reads, total);
  EXPECT_EQ(taken, loader.batches_per_epoch());
  EXPECT_LE(most_ahead, o.prefetch_batches + 1);
  EXPECT_GE(most_ahead, o.prefetch_batches) << "the workers did read ahead";
}

TEST_F(StreamingLoader, DecodedCacheReadsEachFileOnce) {
  for (const CacheMode mode : {CacheMode::On, CacheMode::Off}) {
    BatchLoader loader(training_set(mode), options(2));
    std::atomic<int> reads{0};
    set_image_read_hook_for_testing([&](const std::string&) { ++reads; });
    epoch_numbers(loader, 0);
    epoch_numbers(loader, 1);
    set_image_read_hook_for_testing({});
    EXPECT_EQ(reads.load(), mode == CacheMode::On ? 270 : 540);
  }
}

// Auto keeps decoded images when the whole set, at the input size, fits the budget, so a small
// set is decoded once; a budget it does not fit streams every epoch (memory stays bounded).
TEST_F(StreamingLoader, AutomaticCacheFollowsTheBudget) {
  const std::int64_t whole_set = kImages * 6 * 6;
  for (const std::int64_t budget : {whole_set, whole_set - 1}) {
    SCOPED_TRACE(budget);
    DatasetRequest request;
    request.kind = DatasetKind::ImageFolder;
    request.path = root_->path().string();
    request.channels = 1;
    request.height = request.width = 6;
    request.validation_fraction = 0.1;
    request.cache = CacheMode::Auto;
    request.cache_budget_bytes = budget;
    request.compute_statistics = false;
    Result<Dataset> loaded = load_dataset(request);
    ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
    const bool fits = budget >= whole_set;
    EXPECT_EQ(loaded.value().info.reading.decoded_bytes, whole_set);
    EXPECT_EQ(loaded.value().info.reading.cached, fits);
    BatchLoader loader(loaded.value().train, options(2));
    std::atomic<int> reads{0};
    set_image_read_hook_for_testing([&](const std::string&) { ++reads; });
    epoch_numbers(loader, 0);
    epoch_numbers(loader, 1);
    set_image_read_hook_for_testing({});
    EXPECT_EQ(reads.load(), fits ? 270 : 540);
  }
}

}  // namespace
}  // namespace convstudio
