#include "convstudio/data/dataset_statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

// `count` colour PNGs of height x width in `folder`.
void write_images(const fs::path& folder, int count, int height = 6, int width = 8) {
  fs::create_directories(folder);
  for (int i = 0; i < count; ++i) {
    testing::write_png((folder / (std::to_string(i) + ".png")).string(), height, width, 0, 0, 255);
  }
}

void write_grey_images(const fs::path& folder, int count, int height, int width) {
  fs::create_directories(folder);
  for (int i = 0; i < count; ++i) {
    const cv::Mat grey(height, width, CV_8UC1, cv::Scalar(128));
    ASSERT_TRUE(cv::imwrite((folder / ("grey" + std::to_string(i) + ".png")).string(), grey));
  }
}

DatasetRequest folder_request(const fs::path& root) {
  DatasetRequest request;
  request.kind = DatasetKind::ImageFolder;
  request.path = root.string();
  return request;
}

TEST(DatasetStatistics, CountsAreTheFoldersOwnPerSplitAndClass) {
  TempFolder root;
  write_images(root.path() / "train" / "ant", 12);
  write_images(root.path() / "train" / "bee", 3);
  write_images(root.path() / "train" / "cat", 5);
  write_images(root.path() / "val" / "ant", 2);
  write_images(root.path() / "val" / "bee", 1);
  write_images(root.path() / "val" / "cat", 4);
  Result<DatasetStatistics> statistics = dataset_statistics(folder_request(root.path()));
  ASSERT_TRUE(statistics.ok()) << statistics.error().describe();
  const DatasetStatistics& s = statistics.value();
  EXPECT_EQ(s.class_names, (std::vector<std::string>{"ant", "bee", "cat"}));
  EXPECT_EQ(s.train_counts, (std::vector<std::int64_t>{12, 3, 5}));
  EXPECT_EQ(s.validation_counts, (std::vector<std::int64_t>{2, 1, 4}));
  EXPECT_TRUE(s.validation_is_test_set);
  EXPECT_FALSE(s.imbalance) << "12:3 is within 10:1";
}

TEST(DatasetStatistics, AHeldOutShareKeepsEveryImageOfTheListOnOneSide) {
  TempFolder root;
  write_images(root.path() / "images", 30);
  std::string csv = "path,label\n";
  for (int i = 0; i < 30; ++i) {
    csv += "images/" + std::to_string(i) + ".png," + (i < 21 ? "common" : "rare") + "\n";
  }
  testing::write_text(root.path() / "labels.csv", csv);
  DatasetRequest request = testing::csv_request(root.path() / "labels.csv");
  request.validation_fraction = 0.2;
  Result<DatasetStatistics> statistics = dataset_statistics(request);
  ASSERT_TRUE(statistics.ok()) << statistics.error().describe();
  const DatasetStatistics& s = statistics.value();
  ASSERT_EQ(s.class_names, (std::vector<std::string>{"common", "rare"}));
  EXPECT_EQ(s.train_counts[0] + s.validation_counts[0], 21);
  EXPECT_EQ(s.train_counts[1] + s.validation_counts[1], 9);
  EXPECT_EQ(s.validation_counts[0] + s.validation_counts[1], 6) << "20% of 30";
  // The split is the one training makes from the same request.
  Result<Dataset> loaded = load_dataset(request);
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(s.train_counts[0] + s.train_counts[1], loaded.value().info.train_count);
  EXPECT_EQ(s.train_counts, loaded.value().info.train_class_counts);
}

TEST(DatasetStatistics, SizesAndGreyShareComeFromTheHeaders) {
  TempFolder root;
  write_images(root.path() / "a", 4, 6, 8);
  write_images(root.path() / "b", 2, 20, 30);
  write_grey_images(root.path() / "b", 3, 10, 10);
  Result<DatasetStatistics> statistics = dataset_statistics(folder_request(root.path()));
  ASSERT_TRUE(statistics.ok()) << statistics.error().describe();
  const ImageSizeStatistics& sizes = statistics.value().sizes;
  EXPECT_EQ(sizes.images, 9);
  EXPECT_EQ(sizes.examined, 9);
  EXPECT_EQ(sizes.grey, 3);
  EXPECT_EQ(sizes.colour, 6);
  EXPECT_EQ(sizes.smallest.width, 8);
  EXPECT_EQ(sizes.smallest.height, 6);
  EXPECT_EQ(sizes.largest.width, 30);
  EXPECT_EQ(sizes.largest.height, 20);
  EXPECT_EQ(sizes.median.width, 10);
  EXPECT_EQ(sizes.median.height, 10);
  ASSERT_EQ(sizes.most_common.size(), 3u);
  EXPECT_EQ(sizes.most_common[0].width, 8);
  EXPECT_EQ(sizes.most_common[0].images, 4);
  EXPECT_EQ(sizes.most_common[1].images, 3);
  EXPECT_EQ(sizes.most_common[2].images, 2);
}

TEST(DatasetStatistics, ImbalanceIsWarnedAboveTenToOneOnly) {
  EXPECT_FALSE(class_imbalance({100, 10}));
  EXPECT_FALSE(class_imbalance({50, 40, 5}));
  const std::optional<ClassImbalance> over = class_imbalance({10, 101, 30});
  ASSERT_TRUE(over);
  EXPECT_EQ(over->largest, 1u);
  EXPECT_EQ(over->smallest, 0u);
  EXPECT_DOUBLE_EQ(over->ratio, 10.1);
  const std::optional<ClassImbalance> empty = class_imbalance({5, 0});
  ASSERT_TRUE(empty) << "a class without training images is the worst imbalance";
  EXPECT_TRUE(std::isinf(empty->ratio));
  EXPECT_FALSE(class_imbalance({7})) << "one class has nothing to be out of balance with";
}

TEST(DatasetStatistics, AFolderElevenToOneIsWarnedAndTenToOneIsNot) {
  TempFolder eleven;
  write_images(eleven.path() / "train" / "good", 22);
  write_images(eleven.path() / "train" / "defect", 2);
  write_images(eleven.path() / "val" / "good", 1);
  write_images(eleven.path() / "val" / "defect", 1);
  Result<DatasetStatistics> warned = dataset_statistics(folder_request(eleven.path()));
  ASSERT_TRUE(warned.ok()) << warned.error().describe();
  ASSERT_TRUE(warned.value().imbalance);
  EXPECT_EQ(warned.value().class_names[warned.value().imbalance->largest], "good");
  EXPECT_EQ(warned.value().class_names[warned.value().imbalance->smallest], "defect");
  EXPECT_EQ(dataset_statistics_json(warned.value())["imbalance"]["ratio"], 11.0);

  TempFolder ten;
  write_images(ten.path() / "train" / "good", 20);
  write_images(ten.path() / "train" / "defect", 2);
  write_images(ten.path() / "val" / "good", 1);
  write_images(ten.path() / "val" / "defect", 1);
  Result<DatasetStatistics> quiet = dataset_statistics(folder_request(ten.path()));
  ASSERT_TRUE(quiet.ok()) << quiet.error().describe();
  EXPECT_FALSE(quiet.value().imbalance);
  EXPECT_TRUE(dataset_statistics_json(quiet.value())["imbalance"].is_null());
}

}  // namespace
}  // namespace convstudio
