// Mixup and CutMix against torchvision itself (issue 34): for a fixed λ (and CutMix's box
// centre) the mixed images, the soft targets, the box and the adjusted λ equal what
// torchvision.transforms.v2.MixUp / CutMix compute, run in the test by the venv's torchvision
// (tests/interop/mixing_reference.py). Also the seeded draws of the BatchMixer.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

#include <nlohmann/json.hpp>

#include "scratch_folder.h"
#include "train/batch_mixing.h"

namespace convstudio {
namespace {

std::vector<double> values_of(const torch::Tensor& tensor) {
  const torch::Tensor flat = tensor.to(torch::kDouble).contiguous().view(-1);
  return {flat.data_ptr<double>(), flat.data_ptr<double>() + flat.numel()};
}

nlohmann::json torchvision_reference(const nlohmann::json& cases) {
  const auto dir = testing::scratch_folder("mixing");
  std::ofstream(dir / "cases.json") << cases.dump();
  const std::string command = std::string(CONVSTUDIO_PYTHON) + " " + CONVSTUDIO_MIXING + " " +
                              (dir / "cases.json").string() + " " +
                              (dir / "results.json").string() + " > " +
                              (dir / "python.log").string() + " 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream log(dir / "python.log");
  EXPECT_EQ(status, 0) << std::string(std::istreambuf_iterator<char>(log), {});
  std::ifstream results(dir / "results.json");
  return nlohmann::json::parse(results, nullptr, /*allow_exceptions=*/false);
}

void expect_all_near(const std::vector<double>& ours, const std::vector<double>& theirs,
                     const std::string& what) {
  ASSERT_EQ(ours.size(), theirs.size()) << what;
  for (std::size_t i = 0; i < ours.size(); ++i) {
    ASSERT_NEAR(ours[i], theirs[i], 1e-6) << what << " at " << i;
  }
}

struct MixCase {
  bool cutmix = false;
  double lambda = 0.5;
  std::int64_t r_x = 0, r_y = 0;
};

TEST(BatchMixing, MixupAndCutMixEqualTorchvisionForAFixedLambdaAndBox) {
  torch::manual_seed(34);
  constexpr std::int64_t kClasses = 4;
  const torch::Tensor images = torch::randn({6, 3, 7, 9});
  const torch::Tensor labels = torch::tensor({0, 3, 1, 1, 2, 0}, torch::kLong);
  const std::vector<MixCase> cases = {
      {false, 0.3},       {false, 0.5},      {false, 0.85},
      {true, 0.6, 4, 3},  {true, 0.2, 0, 6},  // a box cut off by the bottom-left corner
      {true, 0.95, 8, 0}, {true, 0.0, 4, 3},  // the largest box
  };
  nlohmann::json input = {{"images", values_of(images)},
                          {"shape", images.sizes().vec()},
                          {"labels", values_of(labels)},
                          {"classes", kClasses},
                          {"cases", nlohmann::json::array()}};
  for (const MixCase& c : cases) {
    nlohmann::json item = {{"transform", c.cutmix ? "cutmix" : "mixup"}, {"lambda", c.lambda}};
    if (c.cutmix) item.update({{"r_x", c.r_x}, {"r_y", c.r_y}});
    input["cases"].push_back(item);
  }
  const nlohmann::json reference = torchvision_reference(input);
  ASSERT_TRUE(reference.is_object());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const MixCase& c = cases[i];
    const nlohmann::json& theirs = reference["results"][i];
    MixedBatch mixed;
    if (c.cutmix) {
      const CutMixBox box = cutmix_box(7, 9, c.lambda, c.r_x, c.r_y);
      const auto expected_box = theirs["box"].get<std::vector<std::int64_t>>();
      EXPECT_EQ((std::vector<std::int64_t>{box.x1, box.y1, box.x2, box.y2}), expected_box)
          << "case " << i;
      mixed = cutmix(images, labels, box);
      EXPECT_NEAR(mixed.lambda, theirs["lambda"].get<double>(), 1e-12) << "case " << i;
    } else {
      mixed = mixup(images, labels, c.lambda);
    }
    expect_all_near(values_of(mixed.images), theirs["images"].get<std::vector<double>>(),
                    "images of case " + std::to_string(i));
    expect_all_near(values_of(mixed.targets(kClasses)),
                    theirs["targets"].get<std::vector<double>>(),
                    "targets of case " + std::to_string(i));
  }
}

TEST(BatchMixing, AccuracyCountsTheLabelOfWeightAtLeastOneHalf) {
  const torch::Tensor images = torch::zeros({3, 1, 2, 2});
  const torch::Tensor labels = torch::tensor({0, 1, 2}, torch::kLong);
  EXPECT_TRUE(mixup(images, labels, 0.5).dominant_labels().equal(labels));
  EXPECT_TRUE(mixup(images, labels, 0.7).dominant_labels().equal(labels));
  EXPECT_TRUE(
      mixup(images, labels, 0.3).dominant_labels().equal(torch::tensor({2, 0, 1}, torch::kLong)));
  // A box of 3 of the 4 pixels: the partner's label dominates.
  const MixedBatch cut = cutmix(images, labels, {0, 0, 2, 1});
  EXPECT_DOUBLE_EQ(cut.lambda, 0.5);
  EXPECT_TRUE(cutmix(images, labels, {0, 0, 2, 2}).dominant_labels().equal(labels.roll(1, 0)));
}

TEST(BatchMixing, BetaDrawsHaveTheMeanAndVarianceOfBetaAlphaAlpha) {
  for (const double alpha : {0.2, 1.0, 4.0}) {
    SeededRandom random(static_cast<std::uint64_t>(alpha * 1000));
    constexpr int kDraws = 40000;
    double sum = 0, squares = 0;
    for (int i = 0; i < kDraws; ++i) {
      const double x = beta_sample(random, alpha);
      ASSERT_GE(x, 0.0);
      ASSERT_LE(x, 1.0);
      sum += x;
      squares += x * x;
    }
    const double mean = sum / kDraws;
    EXPECT_NEAR(mean, 0.5, 0.01) << "alpha " << alpha;
    EXPECT_NEAR(squares / kDraws - mean * mean, 1 / (4 * (2 * alpha + 1)), 0.005)
        << "alpha " << alpha;
  }
}

TEST(BatchMixing, TheMixerDrawsFollowSeedEpochAndBatchAndItsProbabilities) {
  const torch::Tensor images = torch::randn({8, 1, 6, 6});
  const torch::Tensor labels = torch::arange(8, torch::kLong) % 3;
  LossSettings settings;
  EXPECT_FALSE(BatchMixer(settings, 1).mix(images, labels, 0, 0).has_value());
  settings.mixup_alpha = 0.4;
  settings.cutmix_alpha = 1.0;
  const BatchMixer mixer(settings, 5);
  int mixups = 0, cutmixes = 0;
  for (std::int64_t batch = 0; batch < 200; ++batch) {
    const std::optional<MixedBatch> mixed = mixer.mix(images, labels, 2, batch);
    ASSERT_TRUE(mixed.has_value());  // both at probability 1: every batch takes one
    const std::optional<MixedBatch> again = BatchMixer(settings, 5).mix(images, labels, 2, batch);
    EXPECT_EQ(mixed->lambda, again->lambda);
    EXPECT_TRUE(mixed->images.equal(again->images));
    // CutMix keeps each pixel of either image exactly; mixup blends them.
    const bool pasted =
        (mixed->images == images).logical_or(mixed->images == images.roll(1, 0)).all().item<bool>();
    ++(pasted ? cutmixes : mixups);
  }
  EXPECT_GT(mixups, 70);
  EXPECT_GT(cutmixes, 70);
  settings.cutmix_alpha = 0;
  settings.mixup_probability = 0.25;
  const BatchMixer quarter(settings, 5);
  int mixed = 0;
  for (std::int64_t batch = 0; batch < 400; ++batch) {
    mixed += quarter.mix(images, labels, 0, batch).has_value();
  }
  EXPECT_NEAR(mixed / 400.0, 0.25, 0.06);
}

}  // namespace
}  // namespace convstudio
