#include "optimizer_factory.h"

namespace convstudio {

std::unique_ptr<torch::optim::Optimizer> make_optimizer(const TrainingSettings& settings,
                                                        std::vector<torch::Tensor> parameters) {
  switch (settings.optimizer) {
    case OptimizerKind::Adam:
      return std::make_unique<torch::optim::Adam>(
          std::move(parameters),
          torch::optim::AdamOptions(settings.lr).weight_decay(settings.weight_decay));
    case OptimizerKind::AdamW:
      return std::make_unique<torch::optim::AdamW>(
          std::move(parameters),
          torch::optim::AdamWOptions(settings.lr).weight_decay(settings.weight_decay));
    case OptimizerKind::Sgd:
      break;
  }
  return std::make_unique<torch::optim::SGD>(
      std::move(parameters), torch::optim::SGDOptions(settings.lr)
                                 .momentum(settings.momentum)
                                 .nesterov(settings.nesterov && settings.momentum > 0)
                                 .weight_decay(settings.weight_decay));
}

}  // namespace convstudio
