// Adam: adaptive moments, with weight decay added to the gradient (L2).
#include "convstudio/model/optimizer_spec.h"
#include "optimizers/optimizer_text.h"

namespace convstudio::optimizers::adam {

OptimizerSpec spec() {
  OptimizerSpec spec;
  spec.name = "adam";
  spec.label = QT_TRANSLATE_NOOP("Optimizer", "Adam");
  spec.tooltip = QT_TRANSLATE_NOOP(
      "Optimizer",
      "Adaptive moments: a step size of its own for every weight, forgiving of the learning "
      "rate. Weight decay is added to the gradient (L2).");
  spec.settings = {"weight_decay"};
  spec.weight_decay_warning = QT_TRANSLATE_NOOP(
      "EngineMessages",
      "Adam adds weight decay to the gradient; AdamW decouples it and usually generalises better.");
  // The two moments (amsgrad, which keeps a third, is not offered).
  spec.state_bytes_per_parameter = [](const OptimizerSettings&) -> std::int64_t { return 2 * 4; };
  return spec;
}

}  // namespace convstudio::optimizers::adam
