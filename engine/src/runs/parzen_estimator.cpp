#include "parzen_estimator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace convstudio {
namespace {

double log_normal_cdf_mass(double a, double b) {  // log(Φ(b) − Φ(a)), a < b
  const double mass =
      0.5 * (std::erfc(-b / std::numbers::sqrt2) - std::erfc(-a / std::numbers::sqrt2));
  return std::log(std::max(mass, 1e-300));
}

double log_sum_exp(const std::vector<double>& terms) {
  const double top = *std::max_element(terms.begin(), terms.end());
  if (!std::isfinite(top)) return top;
  double sum = 0;
  for (double t : terms) sum += std::exp(t - top);
  return top + std::log(sum);
}

}  // namespace

ParzenEstimator::ParzenEstimator(const StudySpace& space, const std::vector<double>& observations,
                                 const std::vector<double>& weights, double prior_weight)
    : choice_(space.is_choice()), log_(space.is_log()), integer_(space.is_integer()) {
  const std::size_t n = observations.size();
  // The mixture: the observations' weights and the prior's, normalised (only the prior when
  // nothing was observed).
  weights_ = weights;
  weights_.resize(n, 1.0);
  weights_.push_back(n == 0 ? 1.0 : prior_weight);
  const double total = std::accumulate(weights_.begin(), weights_.end(), 0.0);
  for (double& w : weights_) w /= total;

  if (choice_) {
    const std::size_t choices = space.choices.size();
    const double spread = prior_weight / static_cast<double>(n + 1);
    for (std::size_t i = 0; i <= n; ++i) {
      std::vector<double> p(choices, spread);
      if (i < n) p[static_cast<std::size_t>(observations[i])] += 1;
      const double sum = std::accumulate(p.begin(), p.end(), 0.0);
      for (double& x : p) x /= sum;
      probabilities_.push_back(std::move(p));
    }
    return;
  }
  const double half_step = integer_ ? 0.5 : 0.0;
  low_ = to_internal(space.low - half_step);
  high_ = to_internal(space.high + half_step);
  for (double value : observations) mus_.push_back(to_internal(value));
  // Optuna's bandwidth: each kernel's sigma is the larger gap to its neighbours among the
  // observations and the prior's mean (the support's ends as outer neighbours), except that the
  // lowest and highest take their inner gap; then clipped to [range / min(100, 1 + n + 1), range].
  const double prior_mu = 0.5 * (low_ + high_);
  std::vector<double> points = mus_;
  points.push_back(prior_mu);
  std::vector<std::size_t> order(points.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return points[a] < points[b]; });
  std::vector<double> sorted{low_};
  for (std::size_t i : order) sorted.push_back(points[i]);
  sorted.push_back(high_);
  std::vector<double> sorted_sigmas(points.size());
  for (std::size_t k = 0; k < points.size(); ++k) {
    sorted_sigmas[k] = std::max(sorted[k + 1] - sorted[k], sorted[k + 2] - sorted[k + 1]);
  }
  if (sorted.size() >= 4) {
    sorted_sigmas.front() = sorted[2] - sorted[1];
    sorted_sigmas.back() = sorted[sorted.size() - 2] - sorted[sorted.size() - 3];
  }
  std::vector<double> sigma_of(points.size());
  for (std::size_t k = 0; k < order.size(); ++k) sigma_of[order[k]] = sorted_sigmas[k];
  const double range = high_ - low_;
  const double min_sigma = range / std::min(100.0, 1.0 + static_cast<double>(n) + 1.0);
  for (std::size_t i = 0; i < n; ++i) sigmas_.push_back(std::clamp(sigma_of[i], min_sigma, range));
  mus_.push_back(prior_mu);
  sigmas_.push_back(range);
}

double ParzenEstimator::to_internal(double value) const {
  return log_ ? std::log(value) : value;
}
double ParzenEstimator::from_internal(double x) const {
  return log_ ? std::exp(x) : x;
}

double ParzenEstimator::sample(StudyRandom& random) const {
  // The kernel by its weight, then a value from it.
  double pick = random.uniform();
  std::size_t k = 0;
  while (k + 1 < weights_.size() && pick >= weights_[k]) pick -= weights_[k++];
  if (choice_) {
    const std::vector<double>& p = probabilities_[k];
    double u = random.uniform();
    std::size_t c = 0;
    while (c + 1 < p.size() && u >= p[c]) u -= p[c++];
    return static_cast<double>(c);
  }
  // A truncated Gaussian by rejection: its mean lies inside the support and its sigma is at most
  // the support's width, so at least about a third of the draws land inside.
  double x = mus_[k];
  for (int tries = 0; tries < 1000; ++tries) {
    const double draw = mus_[k] + sigmas_[k] * random.normal();
    if (draw >= low_ && draw <= high_) {
      x = draw;
      break;
    }
  }
  double value = from_internal(x);
  if (integer_) value = std::round(value);
  return value;
}

double ParzenEstimator::log_pdf(double value) const {
  std::vector<double> terms(weights_.size());
  if (choice_) {
    const auto c = static_cast<std::size_t>(value);
    for (std::size_t k = 0; k < weights_.size(); ++k) {
      terms[k] = std::log(weights_[k]) + std::log(probabilities_[k][c]);
    }
    return log_sum_exp(terms);
  }
  const double x = to_internal(value);
  constexpr double kLogSqrtTwoPi = 0.91893853320467274178;
  for (std::size_t k = 0; k < weights_.size(); ++k) {
    const double z = (x - mus_[k]) / sigmas_[k];
    terms[k] = std::log(weights_[k]) - 0.5 * z * z - kLogSqrtTwoPi - std::log(sigmas_[k]) -
               log_normal_cdf_mass((low_ - mus_[k]) / sigmas_[k], (high_ - mus_[k]) / sigmas_[k]);
  }
  return log_sum_exp(terms);
}

}  // namespace convstudio
