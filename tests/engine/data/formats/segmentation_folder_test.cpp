// The segmentation folder (issue 38, item 3): ROOT/images with ROOT/masks of the same names,
// an optional classes file and val/ split, read through the registry as any format is; every
// kind of bad mask named at its file; and classification folders are never taken for one.
#include <gtest/gtest.h>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "convstudio/data/dataset.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/model/dataset_format.h"
#include "formats/segmentation_test_files.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::segmentation_request;
using testing::TempFolder;
using testing::write_text;

Result<Dataset> load_folder(const fs::path& root, std::int64_t ignore_label = 255) {
  DatasetRequest request = segmentation_request("segmentation-folder", root);
  request.ignore_label = ignore_label;
  return load_dataset(request);
}

Error load_error(const fs::path& root) {
  Result<Dataset> loaded = load_folder(root);
  EXPECT_FALSE(loaded.ok());
  return loaded.ok() ? Error{} : loaded.error();
}

std::vector<std::uint8_t> mask_of(const SampleSet& set, std::int64_t index) {
  std::vector<std::uint8_t> scratch(set.mask_bytes());
  const Result<const std::uint8_t*> mask = set.fetch_mask(index, scratch.data());
  EXPECT_TRUE(mask.ok()) << (mask.ok() ? "" : mask.error().describe());
  if (!mask.ok()) return {};
  return {mask.value(), mask.value() + set.mask_bytes()};
}

TEST(SegmentationFolder, ReadsImagesMasksClassesAndTheValidationFolder) {
  TempFolder root;
  testing::write_segmentation_folder(root.path(), 5, 2);
  write_text(root.path() / "classes.txt", "sky 10 20 30\nroad\n# a comment\n\ncar 1 2 3\n");
  Result<Dataset> loaded = load_folder(root.path());
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const Dataset& dataset = loaded.value();
  EXPECT_TRUE(dataset.info.masks);
  EXPECT_EQ(dataset.info.class_names, (std::vector<std::string>{"sky", "road", "car"}));
  EXPECT_EQ(dataset.info.class_colours,
            (std::vector<ClassColour>{{10, 20, 30}, default_class_colour(1), {1, 2, 3}}));
  EXPECT_TRUE(dataset.info.validation_is_test_set);
  EXPECT_EQ(dataset.train->size(), 5);
  EXPECT_EQ(dataset.validation->size(), 2);
  ASSERT_TRUE(dataset.train->has_masks());
  // Every pixel of the 8×6 masks counts once, per class.
  std::int64_t pixels = 0;
  for (std::int64_t count : dataset.info.train_class_counts) pixels += count;
  EXPECT_EQ(pixels, 5 * 8 * 6);
  // Images come in name order; their masks are the stripes written.
  for (std::int64_t i = 0; i < dataset.train->size(); ++i) {
    const std::vector<std::uint8_t> mask = mask_of(*dataset.train, i);
    ASSERT_EQ(mask.size(), 8u * 6u);
    for (int y = 0; y < 6; ++y) {
      for (int x = 0; x < 8; ++x) {
        EXPECT_EQ(mask[static_cast<std::size_t>(y * 8 + x)],
                  testing::stripe_class(static_cast<int>(i), x, y));
      }
    }
  }
}

TEST(SegmentationFolder, WithoutAClassesFileTheValuesFoundAreTheClasses) {
  TempFolder root;
  testing::write_segmentation_folder(root.path(), 3);
  Result<Dataset> loaded = load_folder(root.path());
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().info.class_names,
            (std::vector<std::string>{"class 0", "class 1", "class 2"}));
  EXPECT_EQ(loaded.value().info.class_colours[2], default_class_colour(2));
  // No val/ folder: a share of the training images validates.
  EXPECT_FALSE(loaded.value().info.validation_is_test_set);
}

TEST(SegmentationFolder, ReadsSixteenBitAndColourMasksAndTheIgnoreLabel) {
  TempFolder root;
  testing::write_segmentation_folder(root.path(), 2);
  // A 16-bit mask holding class 1 and the ignore label 1000.
  cv::Mat wide(6, 8, CV_16UC1, cv::Scalar(1));
  wide.at<std::uint16_t>(0, 0) = 1000;
  ASSERT_TRUE(cv::imwrite((root.path() / "masks" / "t0.png").string(), wide));
  // A colour mask in the VOC colours of classes 2 and 0.
  cv::Mat colour(6, 8, CV_8UC3, cv::Scalar(0, 0, 0));
  const ClassColour two = default_class_colour(2);
  colour.at<cv::Vec3b>(5, 7) = {two[2], two[1], two[0]};
  ASSERT_TRUE(cv::imwrite((root.path() / "masks" / "t1.png").string(), colour));
  DatasetRequest request = segmentation_request("segmentation-folder", root.path());
  request.ignore_label = 1000;
  request.validation_fraction = 0.01;  // the split below keeps one image per side
  Result<Dataset> loaded = load_dataset(request);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const Dataset& dataset = loaded.value();
  EXPECT_EQ(dataset.info.class_names.size(), 3u);
  EXPECT_EQ(dataset.info.ignore_label, 1000);
  for (const SampleSet* set : {dataset.train.get(), dataset.validation.get()}) {
    const std::vector<std::uint8_t> mask = mask_of(*set, 0);
    ASSERT_EQ(mask.size(), 48u);
    if (set->source(0).find("t0.png") != std::string::npos) {
      EXPECT_EQ(mask[0], kMaskIgnore);
      EXPECT_EQ(mask[1], 1);
    } else {
      EXPECT_EQ(mask[0], 0);
      EXPECT_EQ(mask[47], 2);
    }
  }
}

TEST(SegmentationFolder, AnImageWithoutAMaskIsNamed) {
  TempFolder root;
  testing::write_segmentation_folder(root.path(), 3);
  fs::remove(root.path() / "masks" / "t1.png");
  const Error error = load_error(root.path());
  EXPECT_EQ(error.file, (root.path() / "images" / "t1.png").string());
  EXPECT_NE(error.message.find("has no mask"), std::string::npos) << error.describe();
  EXPECT_NE(error.message.find("masks/t1.png"), std::string::npos) << error.describe();
}

TEST(SegmentationFolder, AMaskOfAnotherSizeThanItsImageIsNamed) {
  TempFolder root;
  testing::write_segmentation_folder(root.path(), 3);
  ASSERT_TRUE(cv::imwrite((root.path() / "masks" / "t2.png").string(),
                          cv::Mat(5, 8, CV_8UC1, cv::Scalar(0))));
  const Error error = load_error(root.path());
  EXPECT_EQ(error.file, (root.path() / "masks" / "t2.png").string());
  EXPECT_NE(error.message.find("8\u00d75"), std::string::npos) << error.describe();
  EXPECT_NE(error.message.find("8\u00d76"), std::string::npos) << error.describe();
}

TEST(SegmentationFolder, AMaskValueBeyondTheClassesIsNamedUnlessItIsTheIgnoreLabel) {
  TempFolder root;
  testing::write_segmentation_folder(root.path(), 3);
  write_text(root.path() / "classes.txt", "a\nb\nc\n");
  cv::Mat mask(6, 8, CV_8UC1, cv::Scalar(0));
  mask.at<std::uint8_t>(2, 3) = 255;  // the ignore label: fine
  ASSERT_TRUE(cv::imwrite((root.path() / "masks" / "t0.png").string(), mask));
  ASSERT_TRUE(load_folder(root.path()).ok());
  mask.at<std::uint8_t>(4, 5) = 3;  // three classes: 0 to 2
  ASSERT_TRUE(cv::imwrite((root.path() / "masks" / "t0.png").string(), mask));
  const Error error = load_error(root.path());
  EXPECT_EQ(error.file, (root.path() / "masks" / "t0.png").string());
  EXPECT_NE(error.message.find("mask value 3 at pixel (5, 4)"), std::string::npos)
      << error.describe();
  EXPECT_NE(error.message.find("classes are 0 to 2"), std::string::npos) << error.describe();
}

TEST(SegmentationFolder, AnUnknownColourInAnRgbMaskIsNamed) {
  TempFolder root;
  testing::write_segmentation_folder(root.path(), 2);
  write_text(root.path() / "classes.txt", "background 0 0 0\nthing 200 100 50\n");
  cv::Mat colour(6, 8, CV_8UC3, cv::Scalar(0, 0, 0));
  colour.at<cv::Vec3b>(1, 2) = {50, 100, 200};  // BGR of "thing"
  ASSERT_TRUE(cv::imwrite((root.path() / "masks" / "t0.png").string(), colour));
  cv::Mat unknown = colour.clone();
  unknown.at<cv::Vec3b>(3, 4) = {9, 8, 7};
  ASSERT_TRUE(cv::imwrite((root.path() / "masks" / "t1.png").string(), unknown));
  const Error error = load_error(root.path());
  EXPECT_EQ(error.file, (root.path() / "masks" / "t1.png").string());
  EXPECT_NE(error.message.find("colour (7, 8, 9) at pixel (4, 3)"), std::string::npos)
      << error.describe();
}

TEST(SegmentationFolder, ABadClassesFileIsNamedAtItsLine) {
  TempFolder root;
  testing::write_segmentation_folder(root.path(), 2);
  write_text(root.path() / "classes.txt", "sky\nroad\nsky 1 2 3\n");
  Error error = load_error(root.path());
  EXPECT_EQ(error.file, (root.path() / "classes.txt").string());
  EXPECT_EQ(error.line, 3);
  EXPECT_NE(error.message.find("named twice"), std::string::npos) << error.describe();
  fs::remove(root.path() / "classes.txt");
  write_text(root.path() / "classes.json", "[{\"name\": \"sky\", \"colour\": [1, 2, 300]}]");
  error = load_error(root.path());
  EXPECT_EQ(error.file, (root.path() / "classes.json").string());
  EXPECT_EQ(error.field, "[0].colour");
}

TEST(SegmentationFolder, TheCachedIndexKeepsTheMasksAndFollowsTheIgnoreLabel) {
  TempFolder root;
  testing::write_segmentation_folder(root.path(), 4);
  write_text(root.path() / "classes.json",
             "[{\"name\": \"a\"}, {\"name\": \"b\", \"colour\": [1, 2, 3]}, {\"name\": \"c\"}]");
  // The folders must be older than the scan for the index to be cached (index_is_stable).
  const auto past = fs::file_time_type::clock::now() - std::chrono::seconds(10);
  for (const char* folder : {"", "images", "masks"})
    fs::last_write_time(root.path() / folder, past);
  fs::last_write_time(root.path() / "classes.json", past);
  Result<Dataset> first = load_folder(root.path());
  ASSERT_TRUE(first.ok()) << first.error().describe();
  EXPECT_FALSE(first.value().info.reading.index_reused);
  Result<Dataset> second = load_folder(root.path());
  ASSERT_TRUE(second.ok()) << second.error().describe();
  EXPECT_TRUE(second.value().info.reading.index_reused);
  EXPECT_TRUE(second.value().train->has_masks());
  EXPECT_EQ(second.value().info.class_colours, first.value().info.class_colours);
  EXPECT_EQ(second.value().info.train_class_counts, first.value().info.train_class_counts);
  EXPECT_EQ(mask_of(*second.value().train, 0), mask_of(*first.value().train, 0));
  EXPECT_EQ(second.value().info.fingerprint, first.value().info.fingerprint);
  // Another ignore label reads the masks again: value 0 now marks ignored pixels.
  Result<Dataset> other = load_folder(root.path(), 0);
  ASSERT_TRUE(other.ok()) << other.error().describe();
  EXPECT_FALSE(other.value().info.reading.index_reused);
  const std::vector<std::uint8_t> before = mask_of(*first.value().train, 0);
  const std::vector<std::uint8_t> after = mask_of(*other.value().train, 0);
  ASSERT_EQ(before.size(), after.size());
  for (std::size_t k = 0; k < before.size(); ++k) {
    EXPECT_EQ(after[k], before[k] == 0 ? kMaskIgnore : before[k]);
  }
}

TEST(SegmentationFolder, AClassificationFolderIsNotSniffedAsOne) {
  TempFolder root;
  // Class folders named images and masks, holding differently named images.
  fs::create_directories(root.path() / "images");
  fs::create_directories(root.path() / "masks");
  testing::write_png((root.path() / "images" / "a.png").string(), 4, 4, 0, 0, 255);
  testing::write_png((root.path() / "masks" / "b.png").string(), 4, 4, 0, 255, 0);
  EXPECT_EQ(guess_dataset_kind(root.path().string()), DatasetKind::ImageFolder);
  testing::write_segmentation_folder(root.path() / "seg", 1);
  EXPECT_EQ(dataset_format(guess_dataset_kind((root.path() / "seg").string())).name,
            "segmentation-folder");
  EXPECT_TRUE(dataset_format(guess_dataset_kind((root.path() / "seg").string())).masks);
}

}  // namespace
}  // namespace convstudio
