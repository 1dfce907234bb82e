#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "convstudio/data/dataset.h"
#include "convstudio/data/preview_sample.h"
#include "data/augmenter.h"
#include "data/channel_statistics.h"
#include "data/dataset_split.h"
#include "data/in_memory_sample_set.h"
#include "data/sample_order.h"
#include "test_files.h"

namespace convstudio {
namespace {

TEST(DatasetRequest, FollowsTheProjectSettingsWithTheModelShapeWinning) {
  DatasetSettings settings;
  settings.source = DatasetKind::ImageFolder;
  settings.path = "/data/flowers";
  settings.validation = ValidationSplit::Fraction;
  settings.validation_fraction = 0.2;
  settings.input_channels = 1;
  settings.input_height = 16;
  settings.augmentation.horizontal_flip = true;
  settings.augmentation.random_crop_padding = 4;
  settings.augmentation.random_erasing = 0.5;
  const DatasetRequest request = dataset_request(settings, 7, 3, 32, 0);
  EXPECT_EQ(request.kind, DatasetKind::ImageFolder);
  EXPECT_EQ(request.path, "/data/flowers");
  EXPECT_EQ(request.channels, 3);  // the model's input wins
  EXPECT_EQ(request.height, 32);
  EXPECT_EQ(request.width, 0);  // neither asks: the data's own
  EXPECT_DOUBLE_EQ(request.validation_fraction, 0.2);
  EXPECT_EQ(request.split_seed, 7u);
  settings.validation = ValidationSplit::TestSet;
  EXPECT_DOUBLE_EQ(dataset_request(settings, 7).validation_fraction, 0.0);
  const AugmentationOptions augmentation = augmentation_options(settings.augmentation);
  EXPECT_TRUE(augmentation.hflip);
  EXPECT_EQ(augmentation.crop_padding, 4);
  EXPECT_FLOAT_EQ(augmentation.erasing, 0.5f);
}

TEST(DatasetRequest, UnsupportedChannelCountIsAnError) {
  DatasetRequest source;
  source.channels = 2;
  Result<Dataset> loaded = load_dataset(source);
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.error().message.find("1 or 3 channels"), std::string::npos);
}

TEST(ChannelStatistics, MatchesDirectComputation) {
  ImageSet set = testing::numbered_images(30, 2, 5, 5, 3);
  const ChannelStatistics stats = channel_statistics(set);
  ASSERT_EQ(stats.mean.size(), 2u);
  for (int c = 0; c < 2; ++c) {
    double sum = 0, squares = 0, n = 0;
    for (std::int64_t i = 0; i < set.size(); ++i) {
      for (int k = 0; k < 25; ++k) {
        const double x = set.image(i)[c * 25 + k] / 255.0;
        sum += x;
        squares += x * x;
        ++n;
      }
    }
    const double mean = sum / n;
    EXPECT_NEAR(stats.mean[static_cast<std::size_t>(c)], mean, 1e-6);
    EXPECT_NEAR(stats.std[static_cast<std::size_t>(c)], std::sqrt(squares / n - mean * mean), 1e-6);
  }
}

TEST(ChannelStatistics, ConstantChannelGetsUnitStd) {
  ImageSet set = testing::numbered_images(3, 1, 2, 2, 1);
  std::fill(set.pixels.begin(), set.pixels.end(), 51);
  const ChannelStatistics stats = channel_statistics(set);
  EXPECT_NEAR(stats.mean[0], 0.2f, 1e-6);
  EXPECT_EQ(stats.std[0], 1.0f);
}

TEST(DatasetSplit, SeededFractionPartitionsTheImages) {
  ImageSet train = testing::numbered_images(200, 1, 2, 2, 5);
  ImageSet validation = split_off_validation(train, 0.15, 3);
  EXPECT_EQ(validation.size(), 30);
  EXPECT_EQ(train.size(), 170);
  std::vector<std::int64_t> numbers;
  for (const ImageSet* set : {&train, &validation}) {
    for (std::int64_t i = 0; i < set->size(); ++i) {
      numbers.push_back(testing::image_number(set->image(i)));
      EXPECT_EQ(set->labels[static_cast<std::size_t>(i)], numbers.back() % 5);
    }
  }
  std::sort(numbers.begin(), numbers.end());
  EXPECT_EQ(std::adjacent_find(numbers.begin(), numbers.end()), numbers.end());
  EXPECT_EQ(numbers.size(), 200u);
}

TEST(SampleOrder, EpochOrderIsAPermutationFixedBySeedAndEpoch) {
  std::vector<std::int64_t> order = epoch_order(500, 9, 2);
  EXPECT_EQ(order, epoch_order(500, 9, 2));
  EXPECT_NE(order, epoch_order(500, 9, 3));
  EXPECT_NE(order, epoch_order(500, 10, 2));
  std::sort(order.begin(), order.end());
  for (std::int64_t i = 0; i < 500; ++i) EXPECT_EQ(order[static_cast<std::size_t>(i)], i);
}

TEST(PreviewAugmented, ShowsWhatTheLoaderWillFeed) {
  Dataset dataset;
  dataset.train = std::make_shared<InMemorySampleSet>(testing::numbered_images(50, 1, 6, 6, 2));
  dataset.info.class_names = {"even", "odd"};
  AugmentationOptions augmentation;
  augmentation.crop_padding = 1;
  augmentation.hflip = true;

  const std::vector<PreviewSample> samples = preview_augmented(dataset, augmentation, 9, 4, 2);
  ASSERT_EQ(samples.size(), 9u);
  const Augmenter augmenter(augmentation, 1, 6, 6);
  std::vector<std::uint8_t> expected(36);
  for (const PreviewSample& sample : samples) {
    EXPECT_EQ(sample.channels * sample.height * sample.width, 36);
    EXPECT_EQ(sample.class_name, sample.label == 0 ? "even" : "odd");
    augmenter.apply(testing::in_memory(*dataset.train).image(sample.index), expected.data(),
                    Augmenter::sample_seed(4, 2, sample.index));
    EXPECT_EQ(sample.pixels, expected);
  }
  EXPECT_EQ(preview_augmented(dataset, augmentation, 9, 4, 2)[3].pixels, samples[3].pixels);
  EXPECT_EQ(preview_augmented(dataset, augmentation, 100, 4).size(), 50u);
}

TEST(ChannelStatistics, SampledStatisticsOfTheWholeSetAreExact) {
  const InMemorySampleSet set(testing::numbered_images(40, 2, 3, 3, 2));
  const ChannelStatistics whole = channel_statistics(set.images());
  const std::optional<ChannelStatistics> sampled = sampled_statistics(set, 1000, 0, {});
  ASSERT_TRUE(sampled.has_value());
  EXPECT_EQ(sampled->images, 40);
  EXPECT_EQ(sampled->mean, whole.mean);
  EXPECT_EQ(sampled->std, whole.std);
}

TEST(ChannelStatistics, SampleHasTheAskedSizeIsSeededAndCanBeCancelled) {
  const InMemorySampleSet set(testing::numbered_images(500, 1, 4, 4, 2));
  const auto a = sampled_statistics(set, 100, 1, {});
  const auto b = sampled_statistics(set, 100, 1, {});
  const auto c = sampled_statistics(set, 100, 2, {});
  ASSERT_TRUE(a && b && c);
  EXPECT_EQ(a->images, 100);
  EXPECT_EQ(a->mean, b->mean);
  EXPECT_NE(a->mean, c->mean);
  std::int64_t last_done = 0;
  EXPECT_FALSE(sampled_statistics(set, 100, 1, [&](std::int64_t done, std::int64_t total) {
                 EXPECT_EQ(total, 100);
                 last_done = done;
                 return false;
               }).has_value());
  EXPECT_EQ(last_done, 64) << "stopped after the first chunk";
}

}  // namespace
}  // namespace convstudio
