#pragma once
// Random parameter choices for test graphs (RandomGraphGenerator), offered to each block type's
// sampler together with the shape the block will follow.

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "convstudio/model/param_value.h"
#include "convstudio/model/tensor_shape.h"

namespace convstudio::blocks {

using BlockParams = std::map<std::string, ParamValue, std::less<>>;

// What a sampled block must preserve: anything, the whole shape (a branch of Add) or the
// height and width (a branch of Concat; flat inputs may change their feature count).
enum class SampleGoal { Any, KeepShape, KeepSize };

class ParamSampler {
 public:
  ParamSampler(std::mt19937_64& rng, TensorShape in, SampleGoal goal)
      : rng_(rng), in_(std::move(in)), goal_(goal) {}

  std::int64_t pick(std::int64_t lo, std::int64_t hi);  // inclusive; lo when hi < lo
  bool chance(double p);
  std::int64_t pick_of(const std::vector<std::int64_t>& values);

  const TensorShape& in() const { return in_; }
  SampleGoal goal() const { return goal_; }
  bool keeps_size() const { return goal_ != SampleGoal::Any; }

 private:
  std::mt19937_64& rng_;
  TensorShape in_;
  SampleGoal goal_;
};

}  // namespace convstudio::blocks
