#pragma once
// When a run validates besides at each epoch's end: every `every_steps` optimizer steps, and
// once more at the end of a run its step limit stopped part-way through an epoch, so that every
// run that trained ends with a validation (and its best checkpoint). Never twice at one step.
// Plain arithmetic. Internal.

#include <cstdint>

namespace convstudio {

class ValidationSchedule {
 public:
  // `every_steps`: ValidationSettings::every_steps (0: no validations part-way through).
  explicit ValidationSchedule(std::int64_t every_steps = 0) : every_steps_(every_steps) {}

  // After optimizer step `step` (1-based, counted over the whole run), `epoch_done` when it was
  // the epoch's last: validate now? The epoch's end validates on its own, so it is not due then.
  bool due_mid_epoch(std::int64_t step, bool epoch_done) const {
    return every_steps_ > 0 && !epoch_done && step % every_steps_ == 0 && step != validated_;
  }
  // At the run's end after step `step`: validate unless this step was already validated.
  bool due_at_end(std::int64_t step) const { return step > 0 && step != validated_; }
  void validated(std::int64_t step) { validated_ = step; }

 private:
  std::int64_t every_steps_ = 0;
  std::int64_t validated_ = -1;  // the step of the latest validation
};

}  // namespace convstudio
