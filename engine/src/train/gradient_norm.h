#pragma once
// The global L2 norm of a step's gradients before clipping, for the charts: the figure
// clip_grad_norm_ measures, taken without changing a gradient, so a run trains bit for bit as it
// would without it. Internal to convstudio_engine.
//
// On the CPU it is summed straight from the gradients' memory: a LibTorch operation per
// parameter costs about 9 us to dispatch on this project's 2-core machine (training_figures.h).
// On a GPU it is computed on the device and read after the step's loss, which already waits.

#include <torch/torch.h>

#include <cstdint>
#include <vector>

#include "loss_scaler.h"

namespace convstudio {

class GradientNorm {
 public:
  // Starts measuring the gradients of `parameters` as backward left them: multiplied by the loss
  // scale when `scaler` is on (before its unscale_), which the norm reported is divided by.
  void measure(const std::vector<torch::Tensor>& parameters, const LossScaler& scaler);
  // The norm measured; waits for a GPU. NaN when nothing was measured since the last read.
  double read();

 private:
  double host_norm_ = 0;
  bool measured_on_host_ = false;
  torch::Tensor device_norm_;
};

// Σ x² over `count` floats, summed in double.
double sum_of_squares(const float* values, std::int64_t count);

}  // namespace convstudio
