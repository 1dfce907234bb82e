#include <algorithm>
#include <vector>

#include "convstudio/model/optimizer_spec.h"

namespace convstudio {

namespace optimizers {
#define CONVSTUDIO_OPTIMIZER(home) \
  namespace home {                 \
  OptimizerSpec spec();            \
  }
#include "optimizers/optimizers.def"
#undef CONVSTUDIO_OPTIMIZER
}  // namespace optimizers

namespace {

std::vector<OptimizerSpec> registered(std::vector<OptimizerSpec> specs) {
  for (std::size_t i = 0; i < specs.size(); ++i) specs[i].kind = static_cast<OptimizerKind>(i);
  return specs;
}

}  // namespace

bool OptimizerSpec::uses(std::string_view setting) const {
  return std::find(settings.begin(), settings.end(), setting) != settings.end();
}

const std::vector<OptimizerSpec>& optimizer_specs() {
  static const std::vector<OptimizerSpec> all = registered({
#define CONVSTUDIO_OPTIMIZER(home) optimizers::home::spec(),
#include "optimizers/optimizers.def"
#undef CONVSTUDIO_OPTIMIZER
  });
  return all;
}

const OptimizerSpec& optimizer_spec(OptimizerKind kind) {
  // A kind is its optimizer's position in optimizers.def.
  const auto position = static_cast<std::size_t>(kind);
  const std::vector<OptimizerSpec>& all = optimizer_specs();
  return all[position < all.size() ? position : 0];
}

const OptimizerSpec* find_optimizer_spec(std::string_view name) {
  for (const OptimizerSpec& spec : optimizer_specs()) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

}  // namespace convstudio
