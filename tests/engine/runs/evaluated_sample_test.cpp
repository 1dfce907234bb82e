// Which samples fall in a confusion-matrix cell: exactly those with that true and predicted
// class, in evaluation order; the misclassified ones are those off the diagonal.

#include <gtest/gtest.h>

#include "convstudio/runs/evaluated_sample.h"

namespace convstudio {
namespace {

std::vector<EvaluatedSample> mixed() {
  return {{0, "a.png", 1, 1, 0.9, {}},
          {1, "b.png", 1, 2, 0.6, {}},
          {2, "c.png", 2, 1, 0.5, {}},
          {3, "d.png", 1, 2, 0.7, {}},
          {4, "e.png", 0, 0, 0.8, {}}};
}

TEST(SamplesInCell, TheCellHoldsExactlyTheSamplesWithItsTrueAndPredictedClass) {
  const std::vector<EvaluatedSample> cell = samples_in_cell(mixed(), 1, 2);
  ASSERT_EQ(cell.size(), 2u);
  EXPECT_EQ(cell[0].file, "b.png");  // evaluation order
  EXPECT_EQ(cell[1].file, "d.png");
  EXPECT_TRUE(samples_in_cell(mixed(), 2, 2).empty());
  EXPECT_EQ(samples_in_cell(mixed(), 1, 1).size(), 1u);
}

TEST(SamplesInCell, MisclassifiedAreTheCellsOffTheDiagonal) {
  const std::vector<EvaluatedSample> wrong = misclassified_samples(mixed());
  ASSERT_EQ(wrong.size(), 3u);
  EXPECT_EQ(wrong[0].index, 1);
  EXPECT_EQ(wrong[1].index, 2);
  EXPECT_EQ(wrong[2].index, 3);
}

}  // namespace
}  // namespace convstudio
