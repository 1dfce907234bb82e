// RMSprop: steps divided by a running average of the squared gradients.
#include "convstudio/model/optimizer_spec.h"
#include "optimizers/optimizer_text.h"

namespace convstudio::optimizers::rmsprop {

// PyTorch's RMSprop with its defaults for what no setting names (alpha 0.99, eps 1e-8, not
// centred); momentum and weight decay (L2, added to the gradient) are the run's settings.
OptimizerSpec spec() {
  OptimizerSpec spec;
  spec.name = "rmsprop";
  spec.label = QT_TRANSLATE_NOOP("Optimizer", "RMSprop");
  spec.tooltip = QT_TRANSLATE_NOOP(
      "Optimizer",
      "Divides each step by a running average of the squared gradients (alpha 0.99). Uses "
      "momentum and weight decay (added to the gradient); start with a learning rate near 0.001.");
  spec.settings = {"momentum", "weight_decay"};
  // The running average of squared gradients, and a momentum buffer with momentum.
  spec.state_bytes_per_parameter = [](const OptimizerSettings& s) -> std::int64_t {
    return s.momentum > 0 ? 2 * 4 : 4;
  };
  return spec;
}

}  // namespace convstudio::optimizers::rmsprop
