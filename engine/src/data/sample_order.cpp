#include "data/sample_order.h"

#include <numeric>
#include <utility>

#include "data/seeded_random.h"

namespace convstudio {

std::vector<std::int64_t> shuffled_indices(std::int64_t count, std::uint64_t seed) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(count));
  std::iota(order.begin(), order.end(), std::int64_t{0});
  SeededRandom random(seed);
  for (std::int64_t i = count - 1; i > 0; --i) {
    const auto j = static_cast<std::int64_t>(random.below(static_cast<std::uint64_t>(i) + 1));
    std::swap(order[static_cast<std::size_t>(i)], order[static_cast<std::size_t>(j)]);
  }
  return order;
}

std::vector<std::int64_t> epoch_order(std::int64_t count, std::uint64_t seed, std::int64_t epoch) {
  // A distinct tag keeps epoch orders independent of the validation split drawn from the seed.
  constexpr std::uint64_t kEpochTag = 0x45504F4348ull;  // "EPOCH"
  return shuffled_indices(count,
                          SeededRandom::mix({seed, kEpochTag, static_cast<std::uint64_t>(epoch)}));
}

}  // namespace convstudio
