// Stochastic gradient descent, with momentum and Nesterov momentum.
#include "convstudio/model/optimizer_spec.h"
#include "optimizers/optimizer_text.h"

namespace convstudio::optimizers::sgd {

OptimizerSpec spec() {
  OptimizerSpec spec;
  spec.name = "sgd";
  spec.label = QT_TRANSLATE_NOOP("Optimizer", "SGD");
  spec.tooltip = QT_TRANSLATE_NOOP(
      "Optimizer",
      "Stochastic gradient descent: the classic recipe for CNNs. Uses momentum, Nesterov momentum "
      "and weight decay.");
  spec.settings = {"momentum", "nesterov", "weight_decay"};
  // One momentum buffer per parameter; none without momentum.
  spec.state_bytes_per_parameter = [](const OptimizerSettings& s) -> std::int64_t {
    return s.momentum != 0 ? 4 : 0;
  };
  return spec;
}

}  // namespace convstudio::optimizers::sgd
