#include <gtest/gtest.h>

#include <filesystem>

#include "convstudio/data/dataset.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

DatasetRequest idx_source(const fs::path& folder) {
  DatasetRequest source;
  source.kind = DatasetKind::Idx;
  source.path = folder.string();
  return source;
}

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

TEST(IdxDataset, LoadsRawPairAndValidatesOnItsTestSet) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 50, 20, 4, 5, 3, false);
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const Dataset& dataset = loaded.value();
  EXPECT_EQ(dataset.info.train_count, 50);
  EXPECT_EQ(dataset.info.validation_count, 20);
  EXPECT_TRUE(dataset.info.validation_is_test_set);
  EXPECT_EQ(dataset.info.class_names, (std::vector<std::string>{"0", "1", "2"}));
  EXPECT_EQ(dataset.info.train_class_counts, (std::vector<std::int64_t>{17, 17, 16}));
  EXPECT_EQ(dataset.info.input.channels, 1);
  EXPECT_EQ(dataset.info.input.height, 4);
  EXPECT_EQ(dataset.info.input.width, 5);
  ASSERT_EQ(testing::in_memory(*dataset.train).pixels.size(), 50u * 20u);
  EXPECT_EQ(testing::in_memory(*dataset.train).image(7)[3], testing::idx_pixel(7, 3));
  EXPECT_EQ(testing::in_memory(*dataset.train).labels[7], 1);
  EXPECT_EQ(testing::in_memory(*dataset.validation).image(19)[19], testing::idx_pixel(19, 19));
}

TEST(IdxDataset, GzippedPairLoadsTheSameAsRaw) {
  TempFolder raw_folder, gz_folder;
  testing::write_idx_dataset(raw_folder.path(), 30, 10, 6, 6, 10, false);
  testing::write_idx_dataset(gz_folder.path(), 30, 10, 6, 6, 10, true);
  Result<Dataset> raw = load_dataset(idx_source(raw_folder.path()));
  Result<Dataset> gz = load_dataset(idx_source(gz_folder.path()));
  ASSERT_TRUE(raw.ok()) << raw.error().describe();
  ASSERT_TRUE(gz.ok()) << gz.error().describe();
  EXPECT_EQ(testing::in_memory(*raw.value().train).pixels,
            testing::in_memory(*gz.value().train).pixels);
  EXPECT_EQ(testing::in_memory(*raw.value().validation).labels,
            testing::in_memory(*gz.value().validation).labels);
}

TEST(IdxDataset, FractionHoldsOutSeededValidationInsteadOfTheTestSet) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 100, 20, 2, 2, 10, false);
  DatasetRequest source = idx_source(folder.path());
  source.validation_fraction = 0.25;
  source.split_seed = 7;
  Result<Dataset> first = load_dataset(source);
  Result<Dataset> again = load_dataset(source);
  source.split_seed = 8;
  Result<Dataset> other = load_dataset(source);
  ASSERT_TRUE(first.ok() && again.ok() && other.ok());
  EXPECT_EQ(first.value().info.train_count, 75);
  EXPECT_EQ(first.value().info.validation_count, 25);
  EXPECT_FALSE(first.value().info.validation_is_test_set);
  EXPECT_EQ(testing::in_memory(*first.value().validation).pixels,
            testing::in_memory(*again.value().validation).pixels);
  EXPECT_NE(testing::in_memory(*first.value().validation).pixels,
            testing::in_memory(*other.value().validation).pixels);
}

TEST(IdxDataset, WithoutTestFilesHoldsOutTenPercent) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 40, 0, 3, 3, 4, true);
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().info.train_count, 36);
  EXPECT_EQ(loaded.value().info.validation_count, 4);
}

TEST(IdxDataset, ConvertsToTheRequestedChannelsAndSize) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 10, 5, 4, 4, 2, false);
  DatasetRequest source = idx_source(folder.path());
  source.channels = 3;
  source.height = 8;
  source.width = 8;
  Result<Dataset> loaded = load_dataset(source);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const ImageSet& train = testing::in_memory(*loaded.value().train);
  EXPECT_EQ(train.channels, 3);
  EXPECT_EQ(train.height, 8);
  EXPECT_EQ(train.image_bytes(), 3u * 64u);
  EXPECT_EQ(testing::in_memory(*loaded.value().validation).height, 8);
  // Grey becomes three equal planes.
  EXPECT_TRUE(std::equal(train.image(4), train.image(4) + 64, train.image(4) + 128));
  EXPECT_EQ(loaded.value().info.normalisation.mean.size(), 3u);
}

TEST(IdxDataset, MissingFolderIsAnError) {
  TempFolder folder;
  Result<Dataset> loaded = load_dataset(idx_source(folder.path() / "nowhere"));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, (folder.path() / "nowhere").string());
  EXPECT_NE(loaded.error().message.find("does not exist"), std::string::npos);
}

TEST(IdxDataset, FolderWithoutTrainingFilesIsAnError) {
  TempFolder folder;
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, folder.path().string());
  EXPECT_NE(loaded.error().message.find("train-images-idx3-ubyte"), std::string::npos);
}

TEST(IdxDataset, WrongMagicNamesTheFileAndBothNumbers) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 10, 0, 2, 2, 2, false);
  testing::write_file(folder / "train-images-idx3-ubyte", testing::idx_images(10, 2, 2, 0x00000801),
                      false);
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, folder / "train-images-idx3-ubyte");
  EXPECT_EQ(loaded.error().offset, 0);
  EXPECT_NE(loaded.error().message.find("expected 0x00000803"), std::string::npos);
  EXPECT_NE(loaded.error().message.find("found 0x00000801"), std::string::npos);
}

TEST(IdxDataset, TruncatedImagesNameThePromisedSize) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 10, 0, 4, 5, 2, false);
  std::vector<std::uint8_t> bytes = testing::idx_images(10, 4, 5);
  bytes.resize(16 + 7 * 20);
  testing::write_file(folder / "train-images-idx3-ubyte", bytes, false);
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, folder / "train-images-idx3-ubyte");
  EXPECT_EQ(loaded.error().offset, 16 + 7 * 20);
  EXPECT_NE(loaded.error().message.find("truncated"), std::string::npos);
  EXPECT_NE(loaded.error().message.find("10 images of 4 x 5"), std::string::npos);
}

TEST(IdxDataset, CutGzipStreamIsTruncation) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 200, 0, 8, 8, 2, true);
  const fs::path file = folder.path() / "train-images-idx3-ubyte.gz";
  fs::resize_file(file, fs::file_size(file) / 2);
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, file.string());
  EXPECT_NE(loaded.error().message.find("truncated"), std::string::npos)
      << loaded.error().describe();
}

// An IDX header whose sizes are crafted, followed by a few bytes: what a stranger's file can hold.
std::vector<std::uint8_t> crafted_images(std::uint32_t count, std::uint32_t rows,
                                         std::uint32_t cols) {
  std::vector<std::uint8_t> bytes = testing::idx_images(1, 2, 2);
  auto put = [&](std::size_t at, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<std::uint8_t>(value >> (24 - 8 * i));
  };
  put(4, count);
  put(8, rows);
  put(12, cols);
  return bytes;
}

// 2^30 images of 2^17 x 2^17 pixels: 2^64 bytes, which unsigned arithmetic wraps to 0.
TEST(IdxDataset, SizesWhoseProductOverflowsAreRefused) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 4, 0, 2, 2, 2, false);
  testing::write_file(folder / "train-images-idx3-ubyte",
                      crafted_images(1u << 30, 1u << 17, 1u << 17), false);
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, folder / "train-images-idx3-ubyte");
  EXPECT_NE(loaded.error().message.find("too large"), std::string::npos)
      << loaded.error().describe();
}

// An honest header promising 2^61 bytes in a file of a few: the reader must find the file short
// without first asking for memory the file could never fill.
TEST(IdxDataset, HugePromiseInASmallFileIsTruncationNotAnAllocation) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 4, 0, 2, 2, 2, false);
  testing::write_file(folder / "train-images-idx3-ubyte",
                      crafted_images(0x7FFFFFFFu, 1u << 15, 1u << 15), false);
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.error().message.find("truncated"), std::string::npos)
      << loaded.error().describe();
}

TEST(IdxDataset, HugeLabelCountInASmallFileIsTruncation) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 4, 0, 2, 2, 2, false);
  std::vector<std::uint8_t> labels = testing::idx_labels({0, 1, 0, 1});
  labels[4] = 0x7F;  // 2^31 - 1 labels promised, 4 present
  labels[5] = labels[6] = labels[7] = 0xFF;
  testing::write_file(folder / "train-labels-idx1-ubyte", labels, false);
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.error().message.find("truncated"), std::string::npos)
      << loaded.error().describe();
}

TEST(IdxDataset, FileEndingInsideTheHeaderIsTruncation) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 5, 0, 2, 2, 2, false);
  testing::write_file(folder / "train-labels-idx1-ubyte", {0, 0, 8, 1, 0}, false);
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, folder / "train-labels-idx1-ubyte");
  EXPECT_EQ(loaded.error().offset, 5);
  EXPECT_NE(loaded.error().message.find("header"), std::string::npos);
}

TEST(IdxDataset, LabelAndImageCountsMustAgree) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 10, 0, 2, 2, 2, false);
  testing::write_file(folder / "train-labels-idx1-ubyte",
                      testing::idx_labels(std::vector<std::uint8_t>(9, 0)), false);
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, folder / "train-labels-idx1-ubyte");
  EXPECT_NE(loaded.error().message.find("9 labels"), std::string::npos);
  EXPECT_NE(loaded.error().message.find("10 images"), std::string::npos);
}

TEST(IdxDataset, LabelBeyondFashionMnistClassesIsOutOfRange) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 6, 0, 2, 2, 2, false);
  testing::write_file(folder / "train-labels-idx1-ubyte", testing::idx_labels({0, 1, 2, 12, 3, 4}),
                      false);
  DatasetRequest source = idx_source(folder.path());
  source.kind = DatasetKind::FashionMnist;
  Result<Dataset> loaded = load_dataset(source);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, folder / "train-labels-idx1-ubyte");
  EXPECT_EQ(loaded.error().offset, 8 + 3);
  EXPECT_NE(loaded.error().message.find("label 12"), std::string::npos);
  EXPECT_NE(loaded.error().message.find("out of range"), std::string::npos);
}

TEST(IdxDataset, TestLabelBeyondTrainingClassesIsOutOfRange) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 6, 3, 2, 2, 3, false);
  testing::write_file(folder / "t10k-labels-idx1-ubyte", testing::idx_labels({0, 5, 1}), false);
  Result<Dataset> loaded = load_dataset(idx_source(folder.path()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_TRUE(ends_with(loaded.error().file, "t10k-labels-idx1-ubyte"));
  EXPECT_NE(loaded.error().message.find("label 5"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
