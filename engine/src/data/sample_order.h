#pragma once
// Orders of sample indices that depend only on a seed, so a run that resumes sees the same
// validation split and the same epoch shuffles as the run it continues.

#include <cstdint>
#include <vector>

namespace convstudio {

// A permutation of 0..count-1 (Fisher-Yates driven by SeededRandom).
std::vector<std::int64_t> shuffled_indices(std::int64_t count, std::uint64_t seed);

// The order of epoch `epoch` of a run seeded with `seed`.
std::vector<std::int64_t> epoch_order(std::int64_t count, std::uint64_t seed, std::int64_t epoch);

}  // namespace convstudio
