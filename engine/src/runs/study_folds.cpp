#include "convstudio/runs/study_folds.h"

#include <map>
#include <numeric>
#include <utility>

#include "study_random.h"

namespace convstudio {
namespace {

// Fisher–Yates with the study's own random numbers (std::shuffle's order is not fixed by the
// standard), one stream per seed and class.
void shuffle(std::vector<std::size_t>& items, StudyRandom& random) {
  for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[random.index(i)]);
}

}  // namespace

std::vector<int> assign_folds(std::size_t count, int k, std::uint64_t seed) {
  return assign_stratified_folds(std::vector<std::int64_t>(count, 0), k, seed);
}

std::vector<int> assign_stratified_folds(const std::vector<std::int64_t>& labels, int k,
                                         std::uint64_t seed) {
  std::vector<int> folds(labels.size(), 0);
  if (k < 2 || static_cast<std::size_t>(k) > labels.size()) return folds;
  std::map<std::int64_t, std::vector<std::size_t>> by_class;
  for (std::size_t i = 0; i < labels.size(); ++i) by_class[labels[i]].push_back(i);
  std::size_t next = 0;  // the fold the next sample goes to: dealing continues across classes
  for (auto& [label, members] : by_class) {
    StudyRandom random(seed, label);
    shuffle(members, random);
    for (std::size_t i : members) {
      folds[i] = static_cast<int>(next);
      next = (next + 1) % static_cast<std::size_t>(k);
    }
  }
  return folds;
}

}  // namespace convstudio
