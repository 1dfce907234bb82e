#pragma once
// k-fold cross-validation for studies (issue 36): which fold each training sample belongs to, a
// pure function of the seed, k and the samples (and their classes when stratified), so a resumed
// or repeated study validates every fold on the same samples.

#include <cstdint>
#include <vector>

namespace convstudio {

// The fold (0..k-1) of each of `count` samples: a seeded shuffle dealt out in turn, so the k
// folds are disjoint, cover every sample once and differ in size by at most one. k ≥ 2 and
// k ≤ count, else every sample is in fold 0.
std::vector<int> assign_folds(std::size_t count, int k, std::uint64_t seed);

// The same, stratified: each class's samples are shuffled and dealt out in turn, continuing
// where the previous class stopped, so each fold holds within ±1 of count(class) / k of every
// class (and the folds' sizes still differ by at most one). `labels`: each sample's class.
std::vector<int> assign_stratified_folds(const std::vector<std::int64_t>& labels, int k,
                                         std::uint64_t seed);

}  // namespace convstudio
