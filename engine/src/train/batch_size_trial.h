#pragma once
// One trial of the batch-size finder: a warm-up step and a few timed steps (forward, backward,
// optimizer step) on a synthetic batch, with the peak memory they took and the samples per
// second they ran at. Out of memory is a result, not an error. Internal (LibTorch).

#include <torch/torch.h>

#include <cstdint>

#include "convstudio/train/batch_size_finder.h"
#include "nn/graph_module.h"
#include "training_faults.h"

namespace convstudio {

struct BatchSizeTrialSubject {
  GraphModule* model = nullptr;
  torch::optim::Optimizer* optimizer = nullptr;
  torch::Device device = torch::kCPU;
  AmpMode amp = AmpMode::Off;  // never Auto
  TensorShape input;           // one sample
  std::int64_t classes = 2;
  std::int64_t timed_steps = 3;
  // CPU: resident memory before the first trial; a trial's peak is counted from here.
  std::uint64_t resident_baseline = 0;
  TrainingFaults faults;  // a test's injected out-of-memory errors
};

BatchSizeTrial run_batch_size_trial(const BatchSizeTrialSubject& subject, std::int64_t batch_size);

}  // namespace convstudio
