#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <iostream>

#include "convstudio/data/dataset.h"
#include "data/batch_loader.h"
#include "test_files.h"

namespace convstudio {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Loaded once for the suite: decompressing 47 MB per test would dominate the run.
class FashionMnist : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!std::filesystem::exists(kFashionMnistFolder)) return;
    const Clock::time_point start = Clock::now();
    Result<Dataset> loaded = load_dataset(DatasetRequest{});
    load_seconds_ = seconds_since(start);
    if (loaded.ok()) {
      dataset_ = new Dataset(std::move(loaded).value());
    } else {
      error_ = loaded.error().describe();
    }
  }
  static void TearDownTestSuite() {
    delete dataset_;
    dataset_ = nullptr;
  }
  void SetUp() override {
    if (!std::filesystem::exists(kFashionMnistFolder))
      GTEST_SKIP() << "Fashion-MNIST not installed";
    ASSERT_NE(dataset_, nullptr) << error_;
  }

  // Runs one epoch at batch 128 with 2 workers, as the trainer would, and returns samples/s.
  static double epoch_throughput(const AugmentationOptions& augmentation) {
    BatchLoaderOptions options;
    options.batch_size = 128;
    options.workers = 2;
    options.augmentation = augmentation;
    options.mean = dataset_->info.normalisation.mean;
    options.std = dataset_->info.normalisation.std;
    BatchLoader loader(dataset_->train, options);
    const Clock::time_point start = Clock::now();
    loader.start_epoch(0);
    std::int64_t samples = 0;
    while (std::optional<Batch> batch = loader.next()) samples += batch->images.size(0);
    EXPECT_EQ(samples, 60000);
    return static_cast<double>(samples) / seconds_since(start);
  }

  static inline Dataset* dataset_ = nullptr;
  static inline std::string error_;
  static inline double load_seconds_ = 0;
};

TEST_F(FashionMnist, LoadsSixtyThousandTrainingAndTenThousandTestImages) {
  const DatasetInfo& info = dataset_->info;
  EXPECT_EQ(info.train_count, 60000);
  EXPECT_EQ(info.validation_count, 10000);
  EXPECT_TRUE(info.validation_is_test_set);
  EXPECT_EQ(info.input.channels, 1);
  EXPECT_EQ(info.input.height, 28);
  EXPECT_EQ(info.input.width, 28);
  EXPECT_EQ(testing::in_memory(*dataset_->train).pixels.size(), 60000u * 784u);
  EXPECT_EQ(info.train_class_counts, std::vector<std::int64_t>(10, 6000));
  EXPECT_TRUE(info.warnings.empty());
  std::cout << "Fashion-MNIST load: " << load_seconds_ << " s\n";
  RecordProperty("load_seconds", std::to_string(load_seconds_));
}

TEST_F(FashionMnist, NamesItsTenClasses) {
  const std::vector<std::string>& names = dataset_->info.class_names;
  ASSERT_EQ(names.size(), 10u);
  EXPECT_EQ(names.front(), "T-shirt/top");
  EXPECT_EQ(names[7], "Sneaker");
  EXPECT_EQ(names.back(), "Ankle boot");
}

TEST_F(FashionMnist, NormalisationStatisticsMatchThePublishedOnes) {
  ASSERT_EQ(dataset_->info.normalisation.mean.size(), 1u);
  EXPECT_NEAR(dataset_->info.normalisation.mean[0], 0.2860, 0.001);
  EXPECT_NEAR(dataset_->info.normalisation.std[0], 0.3530, 0.001);
}

TEST_F(FashionMnist, LoaderDeliversAnEpochQuickly) {
  const double plain = epoch_throughput({});
  AugmentationOptions augmentation;
  augmentation.crop_padding = 2;
  augmentation.hflip = true;
  const double augmented = epoch_throughput(augmentation);
  std::cout << "BatchLoader, batch 128, 2 workers: " << plain << " samples/s plain, " << augmented
            << " samples/s with crop + flip\n";
  RecordProperty("samples_per_second", std::to_string(plain));
  RecordProperty("augmented_samples_per_second", std::to_string(augmented));
  EXPECT_GT(plain, 10000.0);
}

}  // namespace
}  // namespace convstudio
