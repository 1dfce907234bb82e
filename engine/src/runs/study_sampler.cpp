#include "convstudio/runs/study_sampler.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

#include "parzen_estimator.h"
#include "study_random.h"

namespace convstudio {
namespace {

double random_value(const StudySpace& space, StudyRandom& random) {
  if (space.is_choice()) return static_cast<double>(random.index(space.choices.size()));
  const double half_step = space.is_integer() ? 0.5 : 0.0;
  double low = space.low - half_step, high = space.high + half_step;
  if (space.is_log()) {
    low = std::log(low);
    high = std::log(high);
  }
  double value = random.uniform(low, high);
  if (space.is_log()) value = std::exp(value);
  if (space.is_integer()) value = std::clamp(std::round(value), space.low, space.high);
  return value;
}

// Optuna's default_gamma: the best 10% are "good", at most 25 of them.
std::size_t good_count(std::size_t n) {
  return std::min<std::size_t>(static_cast<std::size_t>(std::ceil(0.1 * static_cast<double>(n))),
                               25);
}

// Optuna's default_weights: equal for up to 25 trials; beyond, the oldest ramp up from 1/n so
// the newest 25 count fully.
std::vector<double> trial_weights(std::size_t n) {
  std::vector<double> weights(n, 1.0);
  if (n < 25) return weights;
  const std::size_t ramp = n - 25;
  for (std::size_t i = 0; i < ramp; ++i) {
    const double first = 1.0 / static_cast<double>(n);
    weights[i] =
        ramp == 1 ? first
                  : first + (1.0 - first) * static_cast<double>(i) / static_cast<double>(ramp - 1);
  }
  return weights;
}

// Splits the finished trials into good (below γ) and bad, each kept in trial order. Ranked as
// Optuna ranks them: the trials that trained to their end by score, then the pruned ones by the
// score they had reached (Optuna orders those by their last step first; a later ASHA rung also
// means a higher score there, and the plan keeps no step), then those without a score
// (refused, failed).
void split_trials(const std::vector<StudyObservation>& finished, std::vector<std::size_t>& good,
                  std::vector<std::size_t>& bad) {
  std::vector<std::size_t> ranked(finished.size());
  std::iota(ranked.begin(), ranked.end(), 0);
  const double worst = -std::numeric_limits<double>::infinity();
  const auto rank = [&](std::size_t t) {
    const StudyObservation& trial = finished[t];
    return std::tuple(trial.score.has_value(), !trial.pruned, trial.score.value_or(worst));
  };
  std::stable_sort(ranked.begin(), ranked.end(),
                   [&](std::size_t a, std::size_t b) { return rank(a) > rank(b); });
  const std::size_t n_good = good_count(finished.size());
  good.assign(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(n_good));
  bad.assign(ranked.begin() + static_cast<std::ptrdiff_t>(n_good), ranked.end());
  std::sort(good.begin(), good.end());
  std::sort(bad.begin(), bad.end());
}

ParzenEstimator estimator(const StudySpace& space, std::size_t p,
                          const std::vector<StudyObservation>& finished,
                          const std::vector<std::size_t>& trials, double prior_weight) {
  std::vector<double> observed;
  for (std::size_t t : trials) observed.push_back(finished[t].values[p]);
  return ParzenEstimator(space, observed, trial_weights(observed.size()), prior_weight);
}

}  // namespace

std::string to_string(StudySampler sampler) {
  return sampler == StudySampler::Tpe ? "tpe" : "random";
}

std::optional<StudySampler> parse_study_sampler(std::string_view text) {
  if (text == "random") return StudySampler::Random;
  if (text == "tpe") return StudySampler::Tpe;
  return std::nullopt;
}

std::vector<double> sample_study_trial(const std::vector<StudySpace>& spaces, StudySampler sampler,
                                       std::uint64_t seed, std::int64_t trial,
                                       const std::vector<StudyObservation>& finished,
                                       const TpeOptions& tpe) {
  StudyRandom random(seed, trial);
  std::vector<double> values;
  const bool startup = sampler == StudySampler::Random ||
                       finished.size() < static_cast<std::size_t>(std::max(tpe.startup_trials, 1));
  if (startup) {
    for (const StudySpace& space : spaces) values.push_back(random_value(space, random));
    return values;
  }
  // Univariate TPE: each parameter on its own, l(x) from the good trials and g(x) from the bad;
  // of `candidates` draws from l, the one with the largest log l − log g.
  std::vector<std::size_t> good, bad;
  split_trials(finished, good, bad);
  for (std::size_t p = 0; p < spaces.size(); ++p) {
    const ParzenEstimator l = estimator(spaces[p], p, finished, good, tpe.prior_weight);
    const ParzenEstimator g = estimator(spaces[p], p, finished, bad, tpe.prior_weight);
    double best = 0, best_ratio = -std::numeric_limits<double>::infinity();
    for (int c = 0; c < std::max(tpe.candidates, 1); ++c) {
      const double candidate = l.sample(random);
      const double ratio = l.log_pdf(candidate) - g.log_pdf(candidate);
      if (c == 0 || ratio > best_ratio) {
        best = candidate;
        best_ratio = ratio;
      }
    }
    if (spaces[p].is_integer()) best = std::clamp(best, spaces[p].low, spaces[p].high);
    values.push_back(best);
  }
  return values;
}

}  // namespace convstudio
