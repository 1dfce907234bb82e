// The segmentation list (issue 38, item 3): a CSV of image,mask rows with paths relative to it,
// the classes file beside it, bad rows named at their line, files outside its folder refused
// unless allowed; and it is sniffed apart from a CSV of path,label rows.
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

Result<Dataset> load_list(const fs::path& csv, bool allow_paths_outside = false) {
  DatasetRequest request = segmentation_request("segmentation-csv", csv);
  request.allow_paths_outside = allow_paths_outside;
  request.validation_fraction = 0.25;
  return load_dataset(request);
}

Error load_error(const fs::path& csv) {
  Result<Dataset> loaded = load_list(csv);
  EXPECT_FALSE(loaded.ok());
  return loaded.ok() ? Error{} : loaded.error();
}

std::string rows(int count) {
  std::string text = "mask,image\n";  // columns in any order
  for (int i = 0; i < count; ++i) {
    const std::string name = "t" + std::to_string(i) + ".png";
    text += "data/masks/" + name + ",data/images/" + name + "\n";
  }
  return text;
}

TEST(SegmentationCsv, ReadsThePairsItListsWithTheClassesBesideIt) {
  TempFolder root;
  testing::write_segmentation_folder(root.path() / "data", 4);
  write_text(root.path() / "list.csv", rows(4));
  write_text(root.path() / "classes.txt", "ground 0 0 0\nleaf 0 255 0\nsky 0 0 255\n");
  Result<Dataset> loaded = load_list(root.path() / "list.csv");
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const Dataset& dataset = loaded.value();
  EXPECT_TRUE(dataset.info.masks);
  EXPECT_EQ(dataset.info.class_names, (std::vector<std::string>{"ground", "leaf", "sky"}));
  EXPECT_EQ(dataset.train->size() + dataset.validation->size(), 4);
  std::vector<std::uint8_t> scratch(dataset.train->mask_bytes());
  const Result<const std::uint8_t*> mask = dataset.train->fetch_mask(0, scratch.data());
  ASSERT_TRUE(mask.ok()) << mask.error().describe();
  const std::string source = dataset.train->source(0);
  const int index = source[source.size() - 5] - '0';  // …/t<index>.png
  EXPECT_EQ(mask.value()[7], testing::stripe_class(index, 7, 0));
}

TEST(SegmentationCsv, ARowWithoutAMaskIsNamedAtItsLine) {
  TempFolder root;
  testing::write_segmentation_folder(root.path() / "data", 2);
  write_text(root.path() / "list.csv",
             "image,mask\ndata/images/t0.png,data/masks/t0.png\ndata/images/t1.png,\n");
  const Error error = load_error(root.path() / "list.csv");
  EXPECT_EQ(error.file, (root.path() / "list.csv").string());
  EXPECT_EQ(error.line, 3);
  EXPECT_NE(error.message.find("the mask is empty"), std::string::npos) << error.describe();
}

TEST(SegmentationCsv, AMissingMaskFileIsNamedAtItsLine) {
  TempFolder root;
  testing::write_segmentation_folder(root.path() / "data", 2);
  fs::remove(root.path() / "data" / "masks" / "t1.png");
  write_text(root.path() / "list.csv", rows(2));
  const Error error = load_error(root.path() / "list.csv");
  EXPECT_EQ(error.file, (root.path() / "list.csv").string());
  EXPECT_EQ(error.line, 3);
  EXPECT_NE(error.message.find("masks/t1.png does not exist"), std::string::npos)
      << error.describe();
}

TEST(SegmentationCsv, ABadMaskNamesTheMaskAndTheRowThatListsIt) {
  TempFolder root;
  testing::write_segmentation_folder(root.path() / "data", 3);
  ASSERT_TRUE(cv::imwrite((root.path() / "data" / "masks" / "t2.png").string(),
                          cv::Mat(6, 7, CV_8UC1, cv::Scalar(0))));
  write_text(root.path() / "list.csv", rows(3));
  const Error error = load_error(root.path() / "list.csv");
  EXPECT_EQ(error.file, (root.path() / "data" / "masks" / "t2.png").string());
  EXPECT_NE(error.message.find("(row 4 of " + (root.path() / "list.csv").string() + ")"),
            std::string::npos)
      << error.describe();
}

TEST(SegmentationCsv, FilesOutsideItsFolderNeedAllowPathsOutside) {
  TempFolder root;
  testing::write_segmentation_folder(root.path() / "data", 2);
  fs::create_directories(root.path() / "lists");
  std::string text = "image,mask\n";
  for (int i = 0; i < 2; ++i) {
    const std::string name = "t" + std::to_string(i) + ".png";
    text += "../data/images/" + name + ",../data/masks/" + name + "\n";
  }
  write_text(root.path() / "lists" / "list.csv", text);
  const Error error = load_error(root.path() / "lists" / "list.csv");
  EXPECT_EQ(error.line, 2);
  EXPECT_NE(error.message.find("lies outside the CSV's folder"), std::string::npos)
      << error.describe();
  EXPECT_TRUE(load_list(root.path() / "lists" / "list.csv", true).ok());
}

TEST(SegmentationCsv, IsSniffedApartFromALabelsCsv) {
  TempFolder root;
  write_text(root.path() / "pairs.csv", "image,mask\n");
  write_text(root.path() / "labels.csv", "path,label\n");
  EXPECT_EQ(dataset_format(guess_dataset_kind((root.path() / "pairs.csv").string())).name,
            "segmentation-csv");
  EXPECT_EQ(guess_dataset_kind((root.path() / "labels.csv").string()), DatasetKind::Csv);
}

}  // namespace
}  // namespace convstudio
