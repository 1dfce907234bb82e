#pragma once
// Early stopping: watches the validation loss epoch by epoch and says when it has not improved
// for `patience` epochs (0: never). Plain arithmetic. Internal.

#include <cstdint>

namespace convstudio {

class EarlyStopping {
 public:
  // One validated epoch; `first` for the run's (or the resumed run's) first epoch, which sets
  // the mark. True when the run should stop now.
  bool should_stop(bool first, double val_loss, std::int64_t patience);
  std::int64_t epochs_without_improvement() const { return epochs_without_improvement_; }

 private:
  double best_val_loss_ = 0;
  std::int64_t epochs_without_improvement_ = 0;
};

}  // namespace convstudio
