#pragma once
// The optimizer a run's settings ask for, built by its home in engine/src/optimizers/ (SGD,
// Adam, AdamW, …: optimizers.def lists them).

#include <torch/torch.h>

#include <memory>
#include <vector>

#include "convstudio/model/training_settings.h"

namespace convstudio {

std::unique_ptr<torch::optim::Optimizer> make_optimizer(const TrainingSettings& settings,
                                                        std::vector<torch::Tensor> parameters);

}  // namespace convstudio
