// Issue 36, k-fold studies: a project whose validation is "fold i of k" validates on fold i of the
// training samples and trains on the rest, through the real loaders: the k validation sets are
// disjoint, cover the training set once, leave the test set (IDX t10k, a folder's val/) unused
// and, stratified, hold each class within ±1 of its share; the same seed deals the same folds.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "convstudio/data/dataset.h"
#include "convstudio/data/dataset_request.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

// What identifies a sample across loads: its file (image folder) or its first pixel (IDX, whose
// first pixels differ for the first 256 images).
std::string sample_id(const SampleSet& set, std::int64_t index) {
  const std::string file = set.source(index);
  if (!file.empty()) return file;
  return std::to_string(testing::pixels_of(set, index)[0]);
}

struct LoadedFold {
  std::map<std::string, std::int64_t> train;  // sample -> its class
  std::map<std::string, std::int64_t> validation;
  bool validation_is_test_set = true;
};

LoadedFold load_fold(DatasetSettings settings, int fold) {
  settings.validation_fold = fold;
  // The seed of the run is not the fold's: a study's trials may train with other seeds.
  const DatasetRequest request = dataset_request(settings, /*seed=*/1000 + fold);
  Result<Dataset> loaded = load_dataset(request);
  EXPECT_TRUE(loaded.ok()) << loaded.error().describe();
  LoadedFold out;
  if (!loaded.ok()) return out;
  const Dataset& dataset = loaded.value();
  for (std::int64_t i = 0; i < dataset.train->size(); ++i) {
    out.train[sample_id(*dataset.train, i)] = dataset.train->label(i);
  }
  for (std::int64_t i = 0; i < dataset.validation->size(); ++i) {
    out.validation[sample_id(*dataset.validation, i)] = dataset.validation->label(i);
  }
  EXPECT_EQ(dataset.info.train_count, static_cast<std::int64_t>(out.train.size()));
  EXPECT_EQ(dataset.info.validation_count, static_cast<std::int64_t>(out.validation.size()));
  out.validation_is_test_set = dataset.info.validation_is_test_set;
  return out;
}

// Loads every fold of `settings` and checks them against `training` (every training sample and
// its class); `test_samples` must appear in none.
void expect_folds_partition_the_training_set(const DatasetSettings& settings,
                                             const std::map<std::string, std::int64_t>& training,
                                             const std::set<std::string>& test_samples) {
  const int k = static_cast<int>(settings.folds);
  std::map<std::int64_t, std::int64_t> class_sizes;
  for (const auto& [id, label] : training) ++class_sizes[label];
  std::map<std::string, int> validated_in;
  for (int fold = 0; fold < k; ++fold) {
    const LoadedFold loaded = load_fold(settings, fold);
    EXPECT_FALSE(loaded.validation_is_test_set);
    EXPECT_EQ(loaded.train.size() + loaded.validation.size(), training.size()) << "fold " << fold;
    std::map<std::int64_t, std::int64_t> per_class;
    for (const auto& [id, label] : loaded.validation) {
      EXPECT_FALSE(loaded.train.count(id)) << id << " trains and validates in fold " << fold;
      EXPECT_TRUE(training.count(id)) << id << " is not a training sample";
      EXPECT_FALSE(test_samples.count(id)) << id << " is a test sample";
      EXPECT_TRUE(validated_in.emplace(id, fold).second)
          << id << " validates in folds " << validated_in[id] << " and " << fold;
      ++per_class[label];
    }
    for (const auto& [id, label] : loaded.train) EXPECT_FALSE(test_samples.count(id)) << id;
    if (!settings.stratified_folds) continue;
    for (const auto& [label, size] : class_sizes) {
      const double ideal = static_cast<double>(size) / k;
      EXPECT_LE(std::abs(static_cast<double>(per_class[label]) - ideal), 1.0)
          << "class " << label << " in fold " << fold << ": " << per_class[label] << " of " << size;
    }
  }
  EXPECT_EQ(validated_in.size(), training.size()) << "every training sample validates once";
}

DatasetSettings fold_settings(DatasetKind kind, const fs::path& path, int k, bool stratified) {
  DatasetSettings settings;
  settings.source = kind;
  settings.path = path.string();
  settings.validation = ValidationSplit::Fold;
  settings.folds = k;
  settings.fold_seed = 36;
  settings.stratified_folds = stratified;
  return settings;
}

TEST(FoldSplit, IdxFoldsAreDisjointCoverTheTrainingSetAndSkipTheTestSet) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 41, 12, 4, 4, 3, false);  // classes 14, 14, 13
  std::map<std::string, std::int64_t> training;
  for (std::uint32_t i = 0; i < 41; ++i) training[std::to_string(testing::idx_pixel(i, 0))] = i % 3;
  // The test images repeat the training images' pixels (idx_images numbers both from 0), so a
  // test image in a fold shows as a count above 41 rather than by its id.
  for (bool stratified : {false, true}) {
    SCOPED_TRACE(stratified ? "stratified" : "plain");
    expect_folds_partition_the_training_set(
        fold_settings(DatasetKind::Idx, folder.path(), 4, stratified), training, {});
  }
}

TEST(FoldSplit, ImageFolderFoldsAreDisjointCoverTheTrainingFilesAndSkipVal) {
  TempFolder root;
  const std::map<std::string, int> per_class{{"a", 7}, {"b", 5}, {"c", 4}};
  std::map<std::string, std::int64_t> training;
  std::set<std::string> test_samples;
  std::int64_t label = 0;
  for (const auto& [name, count] : per_class) {
    fs::create_directories(root.path() / "train" / name);
    fs::create_directories(root.path() / "val" / name);
    for (int i = 0; i < count; ++i) {
      const fs::path file = root.path() / "train" / name / (std::to_string(i) + ".png");
      testing::write_png(file.string(), 6, 6, 10 * i, 0, 0);
      training[fs::absolute(file).lexically_normal().string()] = label;
    }
    const fs::path held = root.path() / "val" / name / "0.png";
    testing::write_png(held.string(), 6, 6, 0, 0, 0);
    test_samples.insert(fs::absolute(held).lexically_normal().string());
    ++label;
  }
  for (bool stratified : {false, true}) {
    SCOPED_TRACE(stratified ? "stratified" : "plain");
    expect_folds_partition_the_training_set(
        fold_settings(DatasetKind::ImageFolder, root.path(), 3, stratified), training,
        test_samples);
  }
}

TEST(FoldSplit, TheSameSeedDealsTheSameFoldsAndAnotherSeedOthers) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 60, 5, 2, 2, 2, false);
  DatasetSettings settings = fold_settings(DatasetKind::Idx, folder.path(), 3, false);
  const LoadedFold first = load_fold(settings, 1);
  EXPECT_EQ(load_fold(settings, 1).validation, first.validation);
  settings.fold_seed = 37;
  EXPECT_NE(load_fold(settings, 1).validation, first.validation);
}

TEST(FoldSplit, MoreFoldsThanTrainingSamplesIsAnErrorNamingTheSetting) {
  TempFolder folder;
  testing::write_idx_dataset(folder.path(), 3, 2, 2, 2, 2, false);
  const DatasetRequest request =
      dataset_request(fold_settings(DatasetKind::Idx, folder.path(), 4, false), 0);
  Result<Dataset> loaded = load_dataset(request);
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.error().describe().find("dataset.folds"), std::string::npos)
      << loaded.error().describe();
}

}  // namespace
}  // namespace convstudio
