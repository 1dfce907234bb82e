#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "convstudio/data/dataset.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

std::string fingerprint_of(const DatasetRequest& request) {
  Result<Dataset> loaded = load_dataset(request);
  EXPECT_TRUE(loaded.ok()) << loaded.error().describe();
  return loaded ? loaded.value().info.fingerprint : std::string();
}

// Four images and a list labelling them; `third` is the third image's label.
fs::path write_list(const TempFolder& root, const std::string& third) {
  fs::create_directories(root.path() / "images");
  for (int i = 0; i < 4; ++i) {
    testing::write_png(root / ("images/" + std::to_string(i) + ".png"), 6, 6, 0, 0, 255);
  }
  const fs::path csv = root.path() / "labels.csv";
  testing::write_text(csv, "path,label\nimages/0.png,cat\nimages/1.png,dog\nimages/2.png," + third +
                               "\nimages/3.png,cat\n");
  return csv;
}

TEST(DataFingerprint, ChangesWhenOneLabelChanges) {
  TempFolder root;
  const fs::path csv = write_list(root, "dog");
  const std::string before = fingerprint_of(testing::csv_request(csv));
  EXPECT_EQ(before.size(), 16u);
  EXPECT_EQ(fingerprint_of(testing::csv_request(csv)), before) << "the same data, the same print";
  testing::write_text(csv,
                      "path,label\nimages/0.png,cat\nimages/1.png,dog\nimages/2.png,cat\n"
                      "images/3.png,cat\n");
  EXPECT_NE(fingerprint_of(testing::csv_request(csv)), before);
}

TEST(DataFingerprint, ChangesWhenAFolderImageMovesToAnotherClass) {
  TempFolder root;
  for (const char* name : {"a", "b"}) {
    fs::create_directories(root.path() / name);
    for (int i = 0; i < 3; ++i) {
      testing::write_png(root / (std::string(name) + "/" + std::to_string(i) + ".png"), 6, 6, 0, 0,
                         255);
    }
  }
  DatasetRequest request;
  request.kind = DatasetKind::ImageFolder;
  request.path = root.path().string();
  const std::string before = fingerprint_of(request);
  fs::rename(root.path() / "a" / "0.png", root.path() / "b" / "moved.png");
  EXPECT_NE(fingerprint_of(request), before);
}

TEST(DataFingerprint, DataReadWholeIsPrintedByItsLabels) {
  TempFolder root;
  testing::write_idx_dataset(root.path(), 20, 10, 4, 4, 3, false);
  DatasetRequest request;
  request.kind = DatasetKind::Idx;
  request.path = root.path().string();
  const std::string before = fingerprint_of(request);
  EXPECT_EQ(before.size(), 16u);
  // Labels index % 3 before; now index % 2: the same images, other labels.
  testing::write_idx_dataset(root.path(), 20, 10, 4, 4, 2, false);
  EXPECT_NE(fingerprint_of(request), before);
}

}  // namespace
}  // namespace convstudio
