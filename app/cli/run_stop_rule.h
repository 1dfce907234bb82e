#pragma once
// What may end a run from inside besides Ctrl+C: a study's pruner at a validation, its time limit
// at a step. train_and_record asks it as the run goes and, when it gives a reason, stops the run
// as a user's stop would (checkpoint written, run folder kept) and records it pruned.

#include <optional>
#include <string>

#include "convstudio/runs/training_events.h"

namespace convstudio::cli {

class RunStopRule {
 public:
  virtual ~RunStopRule() = default;
  // Why the run stops after this validation, or nullopt: it goes on.
  virtual std::optional<std::string> after_validation(const EpochMetrics&) { return std::nullopt; }
  // Why the run stops after this step, or nullopt: it goes on.
  virtual std::optional<std::string> after_step(const StepMetrics&) { return std::nullopt; }
};

}  // namespace convstudio::cli
