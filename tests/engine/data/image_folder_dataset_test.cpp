#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "convstudio/data/dataset.h"
#include "data/batch_loader.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

DatasetRequest folder_source(const fs::path& root, int channels = 3, int size = 8) {
  DatasetRequest source;
  source.kind = DatasetKind::ImageFolder;
  source.path = root.string();
  source.channels = channels;
  source.height = size;
  source.width = size;
  return source;
}

// root/red/*.png (pure red) and root/blue/*.png (pure blue), 12 x 10 pixels.
void write_two_classes(const fs::path& root, int per_class) {
  fs::create_directories(root / "red");
  fs::create_directories(root / "blue");
  for (int i = 0; i < per_class; ++i) {
    testing::write_png((root / "red" / ("r" + std::to_string(i) + ".png")).string(), 12, 10, 0, 0,
                       255);
    testing::write_png((root / "blue" / ("b" + std::to_string(i) + ".png")).string(), 12, 10, 255,
                       0, 0);
  }
}

void write_garbage(const fs::path& file) {
  std::ofstream(file, std::ios::binary) << "this is not a png";
}

TEST(ImageFolderDataset, ClassesInNameOrderReadAsRgbAtTheRequestedSize) {
  TempFolder root;
  write_two_classes(root.path(), 10);
  DatasetRequest source = folder_source(root.path());
  source.validation_fraction = 0.2;
  Result<Dataset> loaded = load_dataset(source);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const Dataset& dataset = loaded.value();
  EXPECT_EQ(dataset.info.class_names, (std::vector<std::string>{"blue", "red"}));
  EXPECT_EQ(dataset.info.train_count + dataset.info.validation_count, 20);
  EXPECT_EQ(dataset.info.validation_count, 4);
  EXPECT_EQ(dataset.info.input.channels, 3);
  EXPECT_EQ(dataset.info.input.height, 8);
  EXPECT_TRUE(dataset.info.reading.from_files);
  const SampleSet& train = *dataset.train;
  for (std::int64_t i = 0; i < train.size(); ++i) {
    const bool red = train.label(i) == 1;
    const std::vector<std::uint8_t> pixels = testing::pixels_of(train, i);
    EXPECT_EQ(pixels[0], red ? 255 : 0) << "first plane is red";
    EXPECT_EQ(pixels[2 * 64], red ? 0 : 255) << "third plane is blue";
  }
}

TEST(ImageFolderDataset, GreyscaleTakesLuminance) {
  TempFolder root;
  write_two_classes(root.path(), 2);
  Result<Dataset> loaded = load_dataset(folder_source(root.path(), 1, 6));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const SampleSet& train = *loaded.value().train;
  EXPECT_EQ(train.image_bytes(), 36u);
  for (std::int64_t i = 0; i < train.size(); ++i) {
    const bool red = train.label(i) == 1;
    EXPECT_NEAR(testing::pixels_of(train, i)[0], (red ? 0.299 : 0.114) * 255, 1.0);
  }
}

TEST(ImageFolderDataset, DefaultsToTheColourImagesOwnChannelsAndSize) {
  TempFolder root;
  write_two_classes(root.path(), 2);
  Result<Dataset> loaded = load_dataset(folder_source(root.path(), 0, 0));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().info.input.channels, 3);
  EXPECT_EQ(loaded.value().info.input.height, 12);
  EXPECT_EQ(loaded.value().info.input.width, 10);
}

TEST(ImageFolderDataset, TrainAndValFoldersGiveAFixedSplit) {
  TempFolder root;
  write_two_classes(root.path() / "train", 3);
  write_two_classes(root.path() / "val", 1);
  Result<Dataset> loaded = load_dataset(folder_source(root.path()));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_TRUE(loaded.value().info.validation_is_test_set);
  EXPECT_EQ(loaded.value().info.train_count, 6);
  EXPECT_EQ(loaded.value().info.validation_count, 2);
}

TEST(ImageFolderDataset, ValidationClassUnknownToTrainingIsAnError) {
  TempFolder root;
  write_two_classes(root.path() / "train", 1);
  fs::create_directories(root.path() / "val" / "green");
  Result<Dataset> loaded = load_dataset(folder_source(root.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, (root.path() / "val" / "green").string());
}

TEST(ImageFolderDataset, MissingFolderIsAnError) {
  TempFolder root;
  Result<Dataset> loaded = load_dataset(folder_source(root.path() / "absent"));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, (root.path() / "absent").string());
  EXPECT_NE(loaded.error().message.find("does not exist"), std::string::npos);
}

TEST(ImageFolderDataset, FolderWithoutClassFoldersIsAnError) {
  TempFolder root;
  testing::write_png(root / "loose.png", 4, 4, 0, 0, 0);
  Result<Dataset> loaded = load_dataset(folder_source(root.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, root.path().string());
  EXPECT_NE(loaded.error().message.find("no class folders"), std::string::npos);
}

TEST(ImageFolderDataset, EmptyClassFolderIsAnError) {
  TempFolder root;
  write_two_classes(root.path(), 2);
  fs::create_directories(root.path() / "green");
  std::ofstream(root.path() / "green" / "notes.txt") << "no images here";
  Result<Dataset> loaded = load_dataset(folder_source(root.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, (root.path() / "green").string());
  EXPECT_NE(loaded.error().message.find("holds no"), std::string::npos);
}

TEST(ImageFolderDataset, CorruptImagesAreLeftOutOfTheirBatchAndNamed) {
  TempFolder root;
  write_two_classes(root.path(), 4);
  for (int i = 0; i < 7; ++i)
    write_garbage(root.path() / "red" / ("bad" + std::to_string(i) + ".png"));
  DatasetRequest source = folder_source(root.path());
  source.validation_fraction = 0.25;
  Result<Dataset> loaded = load_dataset(source);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const DatasetInfo& info = loaded.value().info;
  EXPECT_EQ(info.train_count + info.validation_count, 15) << "indexed, not decoded";
  EXPECT_EQ(info.normalisation.images, 8) << "the statistics count only the readable images";

  BatchLoaderOptions options;
  options.batch_size = 64;
  options.workers = 2;
  std::int64_t rows = 0;
  std::set<std::string> skipped;
  for (const auto& split : {loaded.value().train, loaded.value().validation}) {
    BatchLoader loader(split, options);
    loader.start_epoch(0);
    while (std::optional<Batch> batch = loader.next()) {
      rows += batch->images.size(0);
      EXPECT_EQ(batch->samples.size(), static_cast<std::size_t>(batch->images.size(0)));
      for (const Error& problem : batch->skipped) {
        skipped.insert(problem.file);
        EXPECT_NE(problem.message.find("is not a PNG"), std::string::npos) << problem.message;
      }
    }
  }
  EXPECT_EQ(rows, 8);
  EXPECT_EQ(skipped.size(), 7u);
  EXPECT_TRUE(skipped.count((root.path() / "red" / "bad0.png").string()));
}

TEST(ImageFolderDataset, ABatchWithNoReadableImageFailsWithTheFirstFile) {
  TempFolder root;
  fs::create_directories(root.path() / "a");
  for (int i = 0; i < 3; ++i) write_garbage(root.path() / "a" / ("x" + std::to_string(i) + ".png"));
  DatasetRequest source = folder_source(root.path());
  source.compute_statistics = false;
  source.validation_fraction = 0.3;
  Result<Dataset> loaded = load_dataset(source);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  BatchLoaderOptions options;
  options.batch_size = 8;
  options.shuffle = false;
  BatchLoader loader(loaded.value().train, options);
  loader.start_epoch(0);
  try {
    loader.next();
    FAIL() << "expected a DataFailure";
  } catch (const DataFailure& failure) {
    EXPECT_EQ(fs::path(failure.error().file).parent_path(), root.path() / "a");
    EXPECT_NE(failure.error().message.find("none of the other 1 images"), std::string::npos)
        << failure.error().message;
  }
}

TEST(ImageFolderDataset, NothingDecodableIsAnError) {
  TempFolder root;
  fs::create_directories(root.path() / "a");
  write_garbage(root.path() / "a" / "x.jpg");
  write_garbage(root.path() / "a" / "y.bmp");
  Result<Dataset> loaded = load_dataset(folder_source(root.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, root.path().string());
  EXPECT_NE(loaded.error().message.find("could be read"), std::string::npos);
  EXPECT_NE(loaded.error().message.find((root.path() / "a" / "x.jpg").string()), std::string::npos);
}

TEST(ImageFolderDataset, GreyFolderIsReadAsOneChannel) {
  TempFolder root;
  for (const char* name : {"dark", "light"}) {
    fs::create_directories(root.path() / name);
    for (int i = 0; i < 3; ++i) {
      const cv::Mat grey(9, 7, CV_8UC1, cv::Scalar(name[0] == 'd' ? 20 : 220));
      cv::imwrite((root.path() / name / (std::to_string(i) + ".png")).string(), grey);
    }
  }
  Result<Dataset> loaded = load_dataset(folder_source(root.path(), 0, 0));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().info.input.channels, 1);
  EXPECT_EQ(loaded.value().info.input.height, 9);
  EXPECT_EQ(loaded.value().info.input.width, 7);
  // One colour image among them makes the folder colour; the grey ones become 3 equal planes.
  cv::imwrite((root.path() / "light" / "colour.png").string(),
              cv::Mat(9, 7, CV_8UC3, cv::Scalar(0, 0, 200)));
  loaded = load_dataset(folder_source(root.path(), 0, 0));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().info.input.channels, 3);
}

TEST(ImageFolderDataset, MixedSizesTakeTheMedianAndSaySo) {
  TempFolder root;
  fs::create_directories(root.path() / "a");
  const int sizes[] = {10, 20, 30, 40, 50};
  for (int size : sizes) {
    testing::write_png((root.path() / "a" / (std::to_string(size) + ".png")).string(), size,
                       size * 2, 1, 2, 3);
  }
  Result<Dataset> loaded = load_dataset(folder_source(root.path(), 0, 0));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().info.input.height, 30);
  EXPECT_EQ(loaded.value().info.input.width, 60);
  ASSERT_FALSE(loaded.value().info.warnings.empty());
  EXPECT_NE(loaded.value().info.warnings[0].message.find("median"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
