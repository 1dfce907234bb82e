#include "data/sample_order.h"

#include <map>
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

std::vector<std::int64_t> class_balanced_epoch_order(const std::vector<std::int64_t>& labels,
                                                     std::uint64_t seed, std::int64_t epoch) {
  std::map<std::int64_t, std::vector<std::int64_t>> by_label;  // ordered: the draws are too
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (labels[i] >= 0) by_label[labels[i]].push_back(static_cast<std::int64_t>(i));
  }
  std::vector<const std::vector<std::int64_t>*> classes;
  for (const auto& [label, members] : by_label) classes.push_back(&members);
  std::vector<std::int64_t> order;
  if (classes.empty()) return order;
  order.reserve(labels.size());
  // Its own tag: a class-balanced epoch does not echo the shuffle of the same epoch.
  constexpr std::uint64_t kBalancedTag = 0x42414C414E4345ull;  // "BALANCE"
  SeededRandom random(SeededRandom::mix({seed, kBalancedTag, static_cast<std::uint64_t>(epoch)}));
  for (std::size_t draw = 0; draw < labels.size(); ++draw) {
    const std::vector<std::int64_t>& members = *classes[random.below(classes.size())];
    order.push_back(members[random.below(members.size())]);
  }
  return order;
}

}  // namespace convstudio
