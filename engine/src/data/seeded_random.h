#pragma once
// A small, fast random source whose output is fixed by its seed on every platform and standard
// library (std::uniform_*_distribution and std::shuffle are not), so shuffles and augmentations
// replay exactly when a run resumes. SplitMix64.

#include <cstdint>
#include <initializer_list>

namespace convstudio {

class SeededRandom {
 public:
  explicit SeededRandom(std::uint64_t seed) : state_(seed) {}

  // One seed from several numbers, e.g. (run seed, epoch, sample index).
  static std::uint64_t mix(std::initializer_list<std::uint64_t> parts) {
    std::uint64_t h = 0x243F6A8885A308D3ull;
    for (std::uint64_t part : parts) h = finalise(h ^ finalise(part + 0x9E3779B97F4A7C15ull));
    return h;
  }

  std::uint64_t next() {
    state_ += 0x9E3779B97F4A7C15ull;
    return finalise(state_);
  }

  // Uniform in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  double uniform(double low, double high) { return low + (high - low) * unit(); }
  bool coin() { return (next() >> 63) != 0; }

  // Uniform integer in [0, bound), without modulo bias: draws below 2^64 mod bound are redrawn.
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    std::uint64_t r = next();
    while (r < threshold) r = next();
    return r % bound;
  }

 private:
  static std::uint64_t finalise(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  std::uint64_t state_;
};

}  // namespace convstudio
