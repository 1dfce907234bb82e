#include "blocks/param_sampler.h"

#include <algorithm>

namespace convstudio::blocks {

std::int64_t ParamSampler::pick(std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, std::max(lo, hi))(rng_);
}

bool ParamSampler::chance(double p) {
  return std::bernoulli_distribution(p)(rng_);
}

std::int64_t ParamSampler::pick_of(const std::vector<std::int64_t>& values) {
  return values.at(static_cast<std::size_t>(pick(0, std::ssize(values) - 1)));
}

}  // namespace convstudio::blocks
