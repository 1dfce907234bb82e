#pragma once
// The random numbers of a study, written out so a seed draws the same trials on every compiler:
// std::mt19937_64's output is fixed by the standard, but std::uniform_real_distribution's and
// std::normal_distribution's are not.

#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>

namespace convstudio {

class StudyRandom {
 public:
  // One stream per (seed, trial): trial 7 draws the same whether or not trials 0..6 ran here.
  StudyRandom(std::uint64_t seed, std::int64_t trial)
      : engine_(mix(seed ^ mix(static_cast<std::uint64_t>(trial) + 0x9e3779b97f4a7c15ULL))) {}

  double uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }  // [0, 1)
  double uniform(double low, double high) { return low + (high - low) * uniform(); }
  std::size_t index(std::size_t count) {
    const auto i = static_cast<std::size_t>(uniform() * static_cast<double>(count));
    return i < count ? i : count - 1;
  }
  double normal() {                    // Box–Muller
    const double u = 1.0 - uniform();  // (0, 1]: log is finite
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * std::numbers::pi * uniform());
  }

 private:
  static std::uint64_t mix(std::uint64_t x) {  // SplitMix64's finaliser
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  }
  std::mt19937_64 engine_;
};

}  // namespace convstudio
