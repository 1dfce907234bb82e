// The samplers: a study's trials are a pure function of its seed and of the results that came
// back, so it can be repeated and resumed; and TPE searches better than chance.

#include "convstudio/runs/study_sampler.h"

#include <cmath>

#include <gtest/gtest.h>

namespace convstudio {
namespace {

std::vector<StudySpace> spaces() {
  return {parse_study_space("lr=log:1e-4..1").value(),
          parse_study_space("momentum=0..0.99").value(),
          parse_study_space("batch_size=32,64,128").value(),
          parse_study_space("epochs=int:1..20").value()};
}

// A cheap stand-in for training: best at lr = 1e-2, momentum 0.9, batch 64, 10 epochs.
double score_of(const std::vector<double>& v) {
  const double lr = std::log10(v[0]) + 2.0, momentum = (v[1] - 0.9) * 3.0;
  const double batch = v[2] == 1 ? 0.0 : 0.3, epochs = (v[3] - 10.0) / 10.0;
  return -(lr * lr + momentum * momentum + batch + epochs * epochs);
}

// Runs a study of `trials` on score_of; every trial's values in order.
std::vector<std::vector<double>> run_study(StudySampler sampler, std::uint64_t seed, int trials) {
  std::vector<StudyObservation> finished;
  std::vector<std::vector<double>> drawn;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> values = sample_study_trial(spaces(), sampler, seed, t, finished);
    drawn.push_back(values);
    finished.push_back({values, score_of(values)});
  }
  return drawn;
}

double best_score(const std::vector<std::vector<double>>& drawn) {
  double best = -INFINITY;
  for (const auto& values : drawn) best = std::max(best, score_of(values));
  return best;
}

TEST(StudySampler, TheSameSeedDrawsTheSameTrials) {
  for (StudySampler sampler : {StudySampler::Random, StudySampler::Tpe}) {
    EXPECT_EQ(run_study(sampler, 7, 20), run_study(sampler, 7, 20)) << to_string(sampler);
    EXPECT_NE(run_study(sampler, 7, 20), run_study(sampler, 8, 20)) << to_string(sampler);
  }
}

TEST(StudySampler, DrawnValuesStayInTheirSpaces) {
  for (StudySampler sampler : {StudySampler::Random, StudySampler::Tpe}) {
    for (const auto& values : run_study(sampler, 3, 40)) {
      EXPECT_GE(values[0], 1e-4);
      EXPECT_LE(values[0], 1.0);
      EXPECT_GE(values[1], 0.0);
      EXPECT_LE(values[1], 0.99);
      EXPECT_TRUE(values[2] == 0 || values[2] == 1 || values[2] == 2);
      EXPECT_EQ(values[3], std::round(values[3]));
      EXPECT_GE(values[3], 1);
      EXPECT_LE(values[3], 20);
    }
  }
}

TEST(StudySampler, RandomLogSpacesAreUniformInTheLogarithm) {
  int below_hundredth = 0;  // lr in 1e-4..1e-2 is half of log:1e-4..1
  const auto drawn = run_study(StudySampler::Random, 11, 400);
  for (const auto& values : drawn) below_hundredth += values[0] < 1e-2 ? 1 : 0;
  EXPECT_GT(below_hundredth, 150);
  EXPECT_LT(below_hundredth, 250);
}

TEST(StudySampler, TheFirstTrialsOfTpeAreItsStartupTrialsDrawnAtRandom) {
  const auto random = run_study(StudySampler::Random, 5, 10);
  const auto tpe = run_study(StudySampler::Tpe, 5, 10);
  EXPECT_EQ(random, tpe);
}

TEST(StudySampler, TpeFindsABetterTrialThanRandomInMostSeeds) {
  int tpe_wins = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const double tpe = best_score(run_study(StudySampler::Tpe, seed, 40));
    const double random = best_score(run_study(StudySampler::Random, seed, 40));
    tpe_wins += tpe > random ? 1 : 0;
  }
  EXPECT_GE(tpe_wins, 7);
}

TEST(StudySampler, RefusedTrialsCountAsBad) {
  // Every high learning rate was refused: TPE should keep drawing low ones.
  std::vector<StudyObservation> finished;
  const std::vector<StudySpace> lr_only = {parse_study_space("lr=log:1e-4..1").value()};
  for (int t = 0; t < 30; ++t) {
    const double lr = std::pow(10.0, -4.0 + 4.0 * t / 29.0);
    finished.push_back({{lr}, lr < 1e-3 ? std::optional<double>(1.0 - lr) : std::nullopt});
  }
  int low = 0;
  for (int t = 30; t < 50; ++t) {
    low += sample_study_trial(lr_only, StudySampler::Tpe, 1, t, finished)[0] < 3e-3 ? 1 : 0;
  }
  EXPECT_GE(low, 15);
}

TEST(StudySampler, PrunedTrialsRankBelowEveryTrialThatTrainedToItsEnd) {
  // High learning rates finished with a poor score; low ones were pruned early, the score they
  // reached above the finished ones' (a number of fewer steps). Trained to their end, the high
  // ones are the good trials: TPE keeps drawing high learning rates.
  std::vector<StudyObservation> finished;
  const std::vector<StudySpace> lr_only = {parse_study_space("lr=log:1e-4..1").value()};
  for (int t = 0; t < 30; ++t) {
    const double lr = std::pow(10.0, -4.0 + 4.0 * t / 29.0);
    const bool pruned = lr < 1e-2;
    finished.push_back({{lr}, pruned ? 0.9 : 0.5 + 0.1 * lr, pruned});
  }
  int high = 0;
  for (int t = 30; t < 50; ++t) {
    high += sample_study_trial(lr_only, StudySampler::Tpe, 1, t, finished)[0] > 3e-3 ? 1 : 0;
  }
  EXPECT_GE(high, 15);
}

}  // namespace
}  // namespace convstudio
