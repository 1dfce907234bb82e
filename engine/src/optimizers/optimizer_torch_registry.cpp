#include <vector>

#include "optimizers/optimizer_torch.h"

namespace convstudio {

namespace optimizers {
#define CONVSTUDIO_OPTIMIZER(home) \
  namespace home {                 \
  OptimizerTorch torch_half();     \
  }
#include "optimizers/optimizers.def"
#undef CONVSTUDIO_OPTIMIZER
}  // namespace optimizers

namespace {

// In optimizers.def order, which is also optimizer_specs()' order.
const std::vector<OptimizerTorch>& torch_halves() {
  static const std::vector<OptimizerTorch> halves = {
#define CONVSTUDIO_OPTIMIZER(home) optimizers::home::torch_half(),
#include "optimizers/optimizers.def"
#undef CONVSTUDIO_OPTIMIZER
  };
  return halves;
}

}  // namespace

const OptimizerTorch& optimizer_torch(OptimizerKind kind) {
  const auto position = static_cast<std::size_t>(kind);
  const std::vector<OptimizerTorch>& all = torch_halves();
  return all[position < all.size() ? position : 0];
}

const OptimizerSpec* spec_of(const torch::optim::Optimizer& optimizer) {
  const std::vector<OptimizerTorch>& halves = torch_halves();
  for (std::size_t i = 0; i < halves.size(); ++i) {
    if (halves[i].is_instance(optimizer)) return &optimizer_specs().at(i);
  }
  return nullptr;
}

}  // namespace convstudio
