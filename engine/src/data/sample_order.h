#pragma once
// Orders of sample indices that depend only on a seed, so a run that resumes sees the same
// validation split and the same epoch shuffles (or class-balanced draws) as the run it continues.

#include <cstdint>
#include <vector>

namespace convstudio {

// A permutation of 0..count-1 (Fisher-Yates driven by SeededRandom).
std::vector<std::int64_t> shuffled_indices(std::int64_t count, std::uint64_t seed);

// The order of epoch `epoch` of a run seeded with `seed`.
std::vector<std::int64_t> epoch_order(std::int64_t count, std::uint64_t seed, std::int64_t epoch);

// The class-balanced sampler's epoch `epoch` (SamplerKind::ClassBalanced): labels.size() draws,
// each a class chosen uniformly among those with images, then one of its images uniformly, with
// replacement (so a small class repeats and a large one is only partly seen). `labels[i]` is
// sample i's class; samples with a negative label are never drawn.
std::vector<std::int64_t> class_balanced_epoch_order(const std::vector<std::int64_t>& labels,
                                                     std::uint64_t seed, std::int64_t epoch);

}  // namespace convstudio
