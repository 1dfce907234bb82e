#pragma once
// One parameter's Parzen estimator for TPE: a weighted mixture of one kernel per observed trial
// plus a prior kernel, as Optuna's _ParzenEstimator defines it (univariate mode, prior on, its
// "magic clip" on, endpoints off). Numbers get truncated Gaussians in the space's own units (the
// logarithm for log spaces); choices get a categorical kernel that puts most of its mass on the
// observed choice and the prior's share spread evenly.
//
// Written by hand: no well-kept C++ TPE library exists (Optuna, Hyperopt and Ray Tune are
// Python), and the part needed is small. The definitions follow Optuna's
// optuna/samplers/_tpe/parzen_estimator.py; one difference, said here: whole-number spaces use
// continuous kernels over [low - 0.5, high + 0.5] and round the drawn value, where Optuna
// integrates each kernel over the step.

#include <vector>

#include "convstudio/runs/study_space.h"
#include "study_random.h"

namespace convstudio {

class ParzenEstimator {
 public:
  // `observations`: values as drawn (numbers, or choice indices); `weights`: one per observation
  // (Optuna's default_weights), not yet normalised.
  ParzenEstimator(const StudySpace& space, const std::vector<double>& observations,
                  const std::vector<double>& weights, double prior_weight);

  double sample(StudyRandom& random) const;  // a value as drawn (not transformed)
  double log_pdf(double value) const;        // of a value as drawn

 private:
  double to_internal(double value) const;
  double from_internal(double x) const;

  bool choice_ = false;
  bool log_ = false;
  bool integer_ = false;
  double low_ = 0, high_ = 0;                       // the kernels' support, in internal units
  std::vector<double> weights_;                     // the mixture's, normalised
  std::vector<double> mus_, sigmas_;                // numbers
  std::vector<std::vector<double>> probabilities_;  // choices: one distribution per kernel
};

}  // namespace convstudio
