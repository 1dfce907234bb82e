#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "convstudio/data/dataset.h"
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

TEST(ImageFolderDataset, ClassesInNameOrderDecodedAsRgbAtTheRequestedSize) {
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
  EXPECT_EQ(dataset.info.channels, 3);
  EXPECT_EQ(dataset.info.height, 8);
  const ImageSet& train = *dataset.train;
  for (std::int64_t i = 0; i < train.size(); ++i) {
    const bool red = train.labels[static_cast<std::size_t>(i)] == 1;
    EXPECT_EQ(train.image(i)[0], red ? 255 : 0) << "first plane is red";
    EXPECT_EQ(train.image(i)[2 * 64], red ? 0 : 255) << "third plane is blue";
  }
}

TEST(ImageFolderDataset, GreyscaleTakesLuminance) {
  TempFolder root;
  write_two_classes(root.path(), 2);
  Result<Dataset> loaded = load_dataset(folder_source(root.path(), 1, 6));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const ImageSet& train = *loaded.value().train;
  EXPECT_EQ(train.image_bytes(), 36u);
  for (std::int64_t i = 0; i < train.size(); ++i) {
    const bool red = train.labels[static_cast<std::size_t>(i)] == 1;
    EXPECT_NEAR(train.image(i)[0], (red ? 0.299 : 0.114) * 255, 1.0);
  }
}

TEST(ImageFolderDataset, DefaultsToThreeChannelsAtTheFirstImageSize) {
  TempFolder root;
  write_two_classes(root.path(), 2);
  Result<Dataset> loaded = load_dataset(folder_source(root.path(), 0, 0));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().info.channels, 3);
  EXPECT_EQ(loaded.value().info.height, 12);
  EXPECT_EQ(loaded.value().info.width, 10);
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

TEST(ImageFolderDataset, CorruptImagesAreSkippedCountedAndNamed) {
  TempFolder root;
  write_two_classes(root.path(), 4);
  for (int i = 0; i < 7; ++i)
    write_garbage(root.path() / "red" / ("bad" + std::to_string(i) + ".png"));
  DatasetRequest source = folder_source(root.path());
  source.validation_fraction = 0.25;
  Result<Dataset> loaded = load_dataset(source);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const DatasetInfo& info = loaded.value().info;
  EXPECT_EQ(info.skipped_files, 7);
  EXPECT_EQ(info.train_count + info.validation_count, 8);
  ASSERT_EQ(info.warnings.size(), 6u) << "five files named, then a count";
  EXPECT_EQ(info.warnings[0].file, (root.path() / "red" / "bad0.png").string());
  EXPECT_NE(info.warnings[0].message.find("skipped"), std::string::npos);
  EXPECT_NE(info.warnings[5].message.find("7 unreadable"), std::string::npos);
}

TEST(ImageFolderDataset, NothingDecodableIsAnError) {
  TempFolder root;
  fs::create_directories(root.path() / "a");
  write_garbage(root.path() / "a" / "x.jpg");
  write_garbage(root.path() / "a" / "y.bmp");
  Result<Dataset> loaded = load_dataset(folder_source(root.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, root.path().string());
  EXPECT_NE(loaded.error().message.find("none of the 2"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
