#include "optimizer_factory.h"

#include "optimizers/optimizer_torch.h"

namespace convstudio {

std::unique_ptr<torch::optim::Optimizer> make_optimizer(const TrainingSettings& settings,
                                                        std::vector<torch::Tensor> parameters) {
  // The optimizer's home (engine/src/optimizers/<home>/) turns the settings into its options.
  return optimizer_torch(settings.optimizer.kind).make(settings.optimizer, std::move(parameters));
}

}  // namespace convstudio
