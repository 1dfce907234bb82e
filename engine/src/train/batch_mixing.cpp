#include "batch_mixing.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace convstudio {
namespace {

// A standard normal draw (Box–Muller); 1 − unit() is in (0, 1], so the logarithm is finite.
double normal_sample(SeededRandom& random) {
  const double radius = std::sqrt(-2.0 * std::log(1.0 - random.unit()));
  return radius * std::cos(2.0 * std::numbers::pi * random.unit());
}

// Gamma(shape, 1) by Marsaglia and Tsang's method; a shape below 1 is boosted by one and scaled
// back by U^(1/shape), as they describe.
double gamma_sample(SeededRandom& random, double shape) {
  if (shape < 1) return gamma_sample(random, shape + 1) * std::pow(random.unit(), 1.0 / shape);
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    const double x = normal_sample(random);
    double v = 1 + c * x;
    if (v <= 0) continue;
    v = v * v * v;
    const double u = random.unit();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (std::log(u) < 0.5 * x * x + d * (1 - v + std::log(v))) return d * v;
  }
}

// Keeps one batch's draws apart from the shuffles and augmentations drawn from the same seed.
constexpr std::uint64_t kMixingTag = 0x4D4958494E47ull;  // "MIXING"

}  // namespace

double beta_sample(SeededRandom& random, double alpha) {
  const double a = gamma_sample(random, alpha);
  const double b = gamma_sample(random, alpha);
  // Both underflow only for a tiny α, where Beta(α, α) is a coin between 0 and 1.
  if (a + b == 0) return random.coin() ? 1.0 : 0.0;
  return a / (a + b);
}

CutMixBox cutmix_box(std::int64_t height, std::int64_t width, double lambda, std::int64_t r_x,
                     std::int64_t r_y) {
  const double r = 0.5 * std::sqrt(1.0 - lambda);
  // int() of a non-negative value truncates, as in torchvision.
  const auto half_w = static_cast<std::int64_t>(r * static_cast<double>(width));
  const auto half_h = static_cast<std::int64_t>(r * static_cast<double>(height));
  return {std::max<std::int64_t>(r_x - half_w, 0), std::max<std::int64_t>(r_y - half_h, 0),
          std::min(r_x + half_w, width), std::min(r_y + half_h, height)};
}

double cutmix_lambda(const CutMixBox& box, std::int64_t height, std::int64_t width) {
  return 1.0 - static_cast<double>((box.x2 - box.x1) * (box.y2 - box.y1)) /
                   static_cast<double>(width * height);
}

torch::Tensor MixedBatch::targets(std::int64_t classes) const {
  const torch::Tensor own = torch::one_hot(labels, classes).to(torch::kFloat);
  const torch::Tensor other = torch::one_hot(partners, classes).to(torch::kFloat);
  return other.mul(1.0 - lambda).add_(own.mul(lambda));
}

torch::Tensor MixedBatch::dominant_labels() const {
  return lambda >= 0.5 ? labels : partners;
}

MixedBatch mixup(const torch::Tensor& images, const torch::Tensor& labels, double lambda) {
  return {images.roll(1, 0).mul_(1.0 - lambda).add_(images.mul(lambda)), labels, labels.roll(1, 0),
          lambda};
}

MixedBatch cutmix(const torch::Tensor& images, const torch::Tensor& labels, const CutMixBox& box) {
  using torch::indexing::Ellipsis;
  using torch::indexing::Slice;
  const std::int64_t height = images.size(-2);
  const std::int64_t width = images.size(-1);
  torch::Tensor mixed = images.clone();
  const auto rows = Slice(box.y1, box.y2);
  const auto columns = Slice(box.x1, box.x2);
  mixed.index_put_({Ellipsis, rows, columns}, images.roll(1, 0).index({Ellipsis, rows, columns}));
  return {mixed, labels, labels.roll(1, 0), cutmix_lambda(box, height, width)};
}

BatchMixer::BatchMixer(const LossSettings& settings, std::uint64_t seed)
    : settings_(settings),
      seed_(seed),
      mixup_on_(settings.mixup_alpha > 0 && settings.mixup_probability > 0),
      cutmix_on_(settings.cutmix_alpha > 0 && settings.cutmix_probability > 0) {}

std::optional<MixedBatch> BatchMixer::mix(const torch::Tensor& images, const torch::Tensor& labels,
                                          std::int64_t epoch, std::int64_t index) const {
  if (!enabled() || images.size(0) == 0) return std::nullopt;
  SeededRandom random(SeededRandom::mix(
      {seed_, kMixingTag, static_cast<std::uint64_t>(epoch), static_cast<std::uint64_t>(index)}));
  const bool use_cutmix = mixup_on_ && cutmix_on_ ? random.coin() : cutmix_on_;
  const double probability =
      use_cutmix ? settings_.cutmix_probability : settings_.mixup_probability;
  if (random.unit() >= probability) return std::nullopt;
  const double lambda =
      beta_sample(random, use_cutmix ? settings_.cutmix_alpha : settings_.mixup_alpha);
  if (!use_cutmix) return mixup(images, labels, lambda);
  const std::int64_t height = images.size(-2);
  const std::int64_t width = images.size(-1);
  const auto r_x = static_cast<std::int64_t>(random.below(static_cast<std::uint64_t>(width)));
  const auto r_y = static_cast<std::int64_t>(random.below(static_cast<std::uint64_t>(height)));
  return cutmix(images, labels, cutmix_box(height, width, lambda, r_x, r_y));
}

}  // namespace convstudio
