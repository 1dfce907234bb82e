// Segmentation batches (issue 38): targets are int64 N×H×W holding classes or the ignore label,
// read from the masks of a segmentation folder (cached or streamed alike) and moved with their
// images by the augmentations.
#include <gtest/gtest.h>

#include <torch/torch.h>

#include "convstudio/data/class_colours.h"
#include "convstudio/data/dataset.h"
#include "data/batch_loader.h"
#include "formats/segmentation_test_files.h"
#include "test_files.h"

namespace convstudio {
namespace {

using testing::TempFolder;

Dataset load(const std::filesystem::path& root, CacheMode cache) {
  DatasetRequest request = testing::segmentation_request("segmentation-folder", root);
  request.cache = cache;
  request.ignore_label = -100;  // PyTorch's default ignore_index, far from any byte
  request.validation_fraction = 0.2;
  Result<Dataset> loaded = load_dataset(request);
  EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error().describe());
  return loaded.ok() ? std::move(loaded).value() : Dataset{};
}

BatchLoaderOptions augmenting(int workers) {
  BatchLoaderOptions options;
  options.batch_size = 4;
  options.workers = workers;
  options.seed = 5;
  options.augmentation.hflip = true;
  options.augmentation.crop_padding = 2;
  return options;
}

TEST(SegmentationBatch, TargetsAreClassesPerPixelMovedWithTheirImages) {
  TempFolder root;
  testing::write_segmentation_folder(root.path(), 10);
  const Dataset dataset = load(root.path(), CacheMode::Off);
  ASSERT_TRUE(dataset.train);
  BatchLoader loader(dataset.train, augmenting(0));
  loader.start_epoch(0);
  std::int64_t ignored = 0;
  std::int64_t rows = 0;
  while (std::optional<Batch> batch = loader.next()) {
    ASSERT_EQ(batch->labels.dim(), 3);
    EXPECT_EQ(batch->labels.scalar_type(), torch::kInt64);
    EXPECT_EQ(batch->labels.size(1), 6);
    EXPECT_EQ(batch->labels.size(2), 8);
    const torch::Tensor bytes = (batch->images * 255).round().to(torch::kInt64);
    for (std::int64_t n = 0; n < batch->labels.size(0); ++n) {
      ++rows;
      for (std::int64_t y = 0; y < 6; ++y) {
        for (std::int64_t x = 0; x < 8; ++x) {
          const std::int64_t label = batch->labels[n][y][x].item<std::int64_t>();
          const ClassColour seen = {
              static_cast<std::uint8_t>(bytes[n][0][y][x].item<std::int64_t>()),
              static_cast<std::uint8_t>(bytes[n][1][y][x].item<std::int64_t>()),
              static_cast<std::uint8_t>(bytes[n][2][y][x].item<std::int64_t>())};
          if (label == -100) {
            EXPECT_EQ(seen, (ClassColour{0, 0, 0})) << "padding is ignored";
            ++ignored;
          } else {
            ASSERT_GE(label, 0);
            ASSERT_LT(label, 3);
            EXPECT_EQ(seen, default_class_colour(label + 1)) << "pixel " << x << "," << y;
          }
        }
      }
    }
  }
  EXPECT_EQ(rows, dataset.train->size());
  EXPECT_GT(ignored, 0) << "the crop's padding shows somewhere";
}

TEST(SegmentationBatch, TheDecodedCacheGivesTheSameTargetsAsStreaming) {
  TempFolder root;
  testing::write_segmentation_folder(root.path(), 9);
  const Dataset streamed = load(root.path(), CacheMode::Off);
  const Dataset cached = load(root.path(), CacheMode::On);
  ASSERT_TRUE(cached.info.reading.cached);
  BatchLoader a(streamed.train, augmenting(2));
  BatchLoader b(cached.train, augmenting(2));
  for (std::int64_t epoch = 0; epoch < 2; ++epoch) {  // the second epoch reads the cache
    a.start_epoch(epoch);
    b.start_epoch(epoch);
    while (std::optional<Batch> x = a.next()) {
      std::optional<Batch> y = b.next();
      ASSERT_TRUE(y);
      EXPECT_TRUE(torch::equal(x->labels, y->labels));
      EXPECT_TRUE(torch::equal(x->images, y->images));
    }
  }
}

}  // namespace
}  // namespace convstudio
