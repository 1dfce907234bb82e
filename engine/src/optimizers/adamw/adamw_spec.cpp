// AdamW: Adam with decoupled weight decay.
#include "convstudio/model/optimizer_spec.h"
#include "optimizers/optimizer_text.h"

namespace convstudio::optimizers::adamw {

OptimizerSpec spec() {
  OptimizerSpec spec;
  spec.name = "adamw";
  spec.label = QT_TRANSLATE_NOOP("Optimizer", "AdamW");
  spec.tooltip = QT_TRANSLATE_NOOP(
      "Optimizer",
      "Adam with decoupled weight decay: the weights shrink apart from the gradient step, which "
      "usually generalises better than Adam with weight decay.");
  spec.settings = {"weight_decay"};
  // The two moments (amsgrad, which keeps a third, is not offered).
  spec.state_bytes_per_parameter = [](const OptimizerSettings&) -> std::int64_t { return 2 * 4; };
  return spec;
}

}  // namespace convstudio::optimizers::adamw
