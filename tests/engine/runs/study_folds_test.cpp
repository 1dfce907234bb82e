// k-fold cross-validation: the folds are disjoint, cover every sample once, are a pure function
// of the seed, and when stratified hold each class within ±1 of its ideal share.

#include "convstudio/runs/study_folds.h"

#include <cmath>
#include <map>

#include <gtest/gtest.h>

namespace convstudio {
namespace {

TEST(StudyFolds, EverySampleIsInExactlyOneFoldOfEvenSize) {
  for (int k : {2, 3, 5, 10}) {
    const std::vector<int> folds = assign_folds(103, k, 42);
    ASSERT_EQ(folds.size(), 103u);  // one fold per sample: disjoint and covering by construction
    std::vector<int> sizes(k, 0);
    for (int f : folds) {
      ASSERT_GE(f, 0);
      ASSERT_LT(f, k);
      ++sizes[f];
    }
    const auto [low, high] = std::minmax_element(sizes.begin(), sizes.end());
    EXPECT_LE(*high - *low, 1) << "k=" << k;
  }
}

TEST(StudyFolds, TheSeedDecidesTheFolds) {
  EXPECT_EQ(assign_folds(50, 5, 1), assign_folds(50, 5, 1));
  EXPECT_NE(assign_folds(50, 5, 1), assign_folds(50, 5, 2));
  const std::vector<int> sequential = [] {
    std::vector<int> folds;
    for (int i = 0; i < 50; ++i) folds.push_back(i % 5);
    return folds;
  }();
  EXPECT_NE(assign_folds(50, 5, 1), sequential);  // shuffled, not dealt in file order
}

TEST(StudyFolds, StratifiedFoldsHoldEachClassWithinOneOfItsShare) {
  std::vector<std::int64_t> labels;
  std::map<std::int64_t, int> per_class = {{0, 37}, {1, 11}, {2, 4}, {7, 23}};
  for (const auto& [label, count] : per_class) labels.insert(labels.end(), count, label);
  std::reverse(labels.begin(), labels.end());
  for (int k : {3, 4, 5}) {
    const std::vector<int> folds = assign_stratified_folds(labels, k, 9);
    ASSERT_EQ(folds.size(), labels.size());
    std::map<std::pair<int, std::int64_t>, int> counts;
    std::vector<int> sizes(k, 0);
    for (std::size_t i = 0; i < labels.size(); ++i) {
      ++counts[{folds[i], labels[i]}];
      ++sizes[folds[i]];
    }
    for (const auto& [label, count] : per_class) {
      const double ideal = static_cast<double>(count) / k;
      for (int f = 0; f < k; ++f) {
        EXPECT_LE(std::abs(counts[{f, label}] - ideal), 1.0) << "k=" << k << " class " << label;
      }
    }
    const auto [low, high] = std::minmax_element(sizes.begin(), sizes.end());
    EXPECT_LE(*high - *low, 1);
  }
}

TEST(StudyFolds, TooFewSamplesOrFoldsLeaveOneFold) {
  EXPECT_EQ(assign_folds(3, 5, 1), std::vector<int>(3, 0));
  EXPECT_EQ(assign_folds(3, 1, 1), std::vector<int>(3, 0));
}

}  // namespace
}  // namespace convstudio
