// Calibration's range rules (engine/src/export/int8/activation_statistics.*): min/max, the
// percentile cut and the KL-divergence (entropy) threshold, on data whose answer is known.

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "export/int8/activation_statistics.h"

namespace convstudio {
namespace {

ActivationStatistics observed(const std::vector<torch::Tensor>& batches) {
  ActivationStatistics statistics;
  for (const torch::Tensor& batch : batches) statistics.observe_range(batch);
  for (const torch::Tensor& batch : batches) statistics.observe_histogram(batch);
  return statistics;
}

// A standard normal bulk with a few far outliers, as activations often look.
torch::Tensor bulk_with_outliers() {
  torch::manual_seed(0);
  return torch::cat({torch::randn({200000}), torch::full({4}, 40.f), torch::full({4}, -40.f)});
}

TEST(ActivationStatistics, MinMaxIsTheSmallestAndLargestValueOfEveryBatch) {
  const auto statistics =
      observed({torch::tensor({0.5f, 2.f}), torch::tensor({-3.f, 1.f}), torch::tensor({7.f})});
  const ActivationRange range = statistics.range(CalibrationMethod::MinMax, 99.99);
  EXPECT_FLOAT_EQ(range.low, -3.f);
  EXPECT_FLOAT_EQ(range.high, 7.f);
}

TEST(ActivationStatistics, PercentileCutsRareOutliersAndKeepsTheBulk) {
  const ActivationRange range =
      observed({bulk_with_outliers()}).range(CalibrationMethod::Percentile, 99.99);
  // 8 outliers of 200008 values are 0.004%: inside the 0.01% cut, so the range ends near the
  // normal's 0.005% and 99.995% points (about -/+3.9), far inside +-40.
  EXPECT_GT(range.high, 3.f);
  EXPECT_LT(range.high, 6.f);
  EXPECT_LT(range.low, -3.f);
  EXPECT_GT(range.low, -6.f);
}

TEST(ActivationStatistics, PercentileNeverReachesBelowTheSmallestValue) {
  // ReLU outputs: nothing below zero, so the low end stays at zero, not at a histogram edge.
  torch::manual_seed(0);
  const torch::Tensor relu = torch::relu(torch::randn({50000}));
  const ActivationRange range = observed({relu}).range(CalibrationMethod::Percentile, 99.99);
  EXPECT_FLOAT_EQ(range.low, 0.f);
  EXPECT_LE(range.high, relu.max().item<float>());
}

TEST(ActivationStatistics, EntropyClipsAFarTailThatMinMaxKeeps) {
  const auto statistics = observed({bulk_with_outliers()});
  const ActivationRange minmax = statistics.range(CalibrationMethod::MinMax, 99.99);
  const ActivationRange entropy = statistics.range(CalibrationMethod::Entropy, 99.99);
  EXPECT_FLOAT_EQ(minmax.high, 40.f);
  EXPECT_LT(entropy.high, 20.f);
  EXPECT_GT(entropy.high, 2.f);
  EXPECT_LT(entropy.low, -2.f);
}

TEST(ActivationStatistics, EntropyKeepsTheWholeRangeOfAUniformDistribution) {
  // Nothing to gain from clipping values spread evenly: the widest window wins.
  const torch::Tensor uniform = torch::linspace(-1.f, 1.f, 100001);
  const ActivationRange range = observed({uniform}).range(CalibrationMethod::Entropy, 99.99);
  EXPECT_GT(range.high, 0.95f);
  EXPECT_LT(range.low, -0.95f);
}

TEST(ActivationStatistics, PercentileRangeOfAHandMadeHistogram) {
  // Four bins over [0, 4], one value each; the 50% range cuts 25% at each end. As in
  // onnxruntime, each end is the left edge of the bin where the cumulative share is reached:
  // 25% in the first bin (edge 0), 75% in the third (edge 2).
  ValueHistogram histogram{std::vector<double>(4, 1.0), {0.f, 1.f, 2.f, 3.f, 4.f}};
  const ActivationRange range = percentile_range(histogram, 0.f, 4.f, 50.0);
  EXPECT_FLOAT_EQ(range.low, 0.f);
  EXPECT_FLOAT_EQ(range.high, 2.f);
  // Kept inside what was seen.
  EXPECT_FLOAT_EQ(percentile_range(histogram, 0.5f, 1.5f, 50.0).high, 1.5f);
}

}  // namespace
}  // namespace convstudio
