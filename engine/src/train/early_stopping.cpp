#include "early_stopping.h"

namespace convstudio {

bool EarlyStopping::should_stop(bool first, double val_loss, std::int64_t patience) {
  if (first || val_loss < best_val_loss_) {
    best_val_loss_ = val_loss;
    epochs_without_improvement_ = 0;
    return false;
  }
  return ++epochs_without_improvement_ >= patience && patience > 0;
}

}  // namespace convstudio
