#pragma once
// A listener that stops its run at a given optimizer step, as the Stop button would. The
// trainer is made after its listener, so the listener learns it afterwards (`trainer`).

#include <cstdint>

#include "convstudio/train/trainer.h"

namespace convstudio::testing {

class CancelAtStep : public TrainingListener {
 public:
  explicit CancelAtStep(std::int64_t step) : step_(step) {}
  void on_step(const StepMetrics& metrics) override {
    if (metrics.step == step_ && trainer != nullptr) trainer->cancel();
  }
  Trainer* trainer = nullptr;

 private:
  std::int64_t step_;
};

}  // namespace convstudio::testing
