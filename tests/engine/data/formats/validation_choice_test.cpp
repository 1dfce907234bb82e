// Issue 32: what a new project validates on. A validation folder beside the training images
// (ROOT/val beside ROOT/train) is chosen and is what the loader then reads; data with a test
// split validates on it; anything else holds out a share of the training images.
#include <gtest/gtest.h>

#include "convstudio/data/dataset.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/model/validation_choice.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

void write_class_images(const fs::path& folder, int count) {
  fs::create_directories(folder);
  for (int i = 0; i < count; ++i) {
    testing::write_png((folder / (std::to_string(i) + ".png")).string(), 8, 8, 0, 0, 255);
  }
}

TEST(ValidationChoice, ATrainAndValLayoutValidatesOnItsValFolder) {
  TempFolder root;
  write_class_images(root.path() / "train" / "cat", 5);
  write_class_images(root.path() / "train" / "dog", 5);
  write_class_images(root.path() / "val" / "cat", 2);
  write_class_images(root.path() / "val" / "dog", 1);

  DatasetSettings settings;
  settings.source = DatasetKind::ImageFolder;
  settings.path = root.path().string();
  settings.validation = ValidationSplit::Fraction;
  const ValidationChoice choice = apply_validation_choice(settings);
  EXPECT_EQ(choice.split, ValidationSplit::TestSet);
  EXPECT_EQ(choice.folder, (root.path() / "val").string());
  EXPECT_EQ(settings.validation, ValidationSplit::TestSet);

  // What the loader reads with those settings: the folder, nothing held out of train/.
  DatasetRequest request = dataset_request(settings, 7);
  request.compute_statistics = false;
  Result<Dataset> loaded = load_dataset(request);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_TRUE(loaded.value().info.validation_is_test_set);
  EXPECT_EQ(loaded.value().info.train_count, 10);
  EXPECT_EQ(loaded.value().info.validation_count, 3);
}

TEST(ValidationChoice, EveryNameTheScanReadsCounts) {
  for (const char* name : {"valid", "validation", "test"}) {
    TempFolder root;
    write_class_images(root.path() / "train" / "cat", 1);
    fs::create_directories(root.path() / name / "cat");
    EXPECT_EQ(choose_validation(DatasetKind::ImageFolder, root.path().string()).folder,
              (root.path() / name).string())
        << name;
  }
}

TEST(ValidationChoice, AFolderWithoutValHoldsOutAShare) {
  TempFolder root;
  write_class_images(root.path() / "cat", 3);
  fs::create_directories(root.path() / "val");  // a class named "val", not a split: no train/
  const ValidationChoice choice = choose_validation(DatasetKind::ImageFolder, root.path().string());
  EXPECT_EQ(choice.split, ValidationSplit::Fraction);
  EXPECT_EQ(choice.folder, "");
  EXPECT_EQ(choose_validation(DatasetKind::ImageFolder, "").split, ValidationSplit::Fraction);
  EXPECT_EQ(choose_validation(DatasetKind::Csv, (root.path() / "labels.csv").string()).split,
            ValidationSplit::Fraction);
}

TEST(ValidationChoice, DataWithATestSplitValidatesOnIt) {
  for (DatasetKind kind : {DatasetKind::FashionMnist, DatasetKind::Idx}) {
    const ValidationChoice choice = choose_validation(kind, "");
    EXPECT_EQ(choice.split, ValidationSplit::TestSet);
    EXPECT_EQ(choice.folder, "");
  }
}

}  // namespace
}  // namespace convstudio
