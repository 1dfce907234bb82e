#pragma once
// A segmentation's confusion matrix, counted in pixels (issue 38). Each validation batch's
// pixels become cells on the device and are counted on the CPU, batch by batch: scatter-adds
// on CUDA are not deterministic (deterministic runs must validate), and a whole split's cells
// kept until the end would cost 8 bytes a pixel. Pixels whose truth is the ignore label never
// reach the matrix. Internal (LibTorch).

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace convstudio {

// The batch's pixels as cells true × classes + argmax(logits), flattened; an ignored pixel goes
// to the extra cell classes², which the matrix drops. `logits` N×C×H×W, `labels` N×H×W.
torch::Tensor pixel_cells(const torch::Tensor& logits, const torch::Tensor& labels,
                          std::int64_t classes, std::int64_t ignore_label);

class PixelConfusion {
 public:
  explicit PixelConfusion(std::int64_t classes);
  // Counts a batch's cells (pixel_cells) on the CPU.
  void add(const torch::Tensor& cells);
  // `confusion[true][predicted]`, classes × classes.
  std::vector<std::vector<std::int64_t>> matrix() const;

 private:
  std::int64_t classes_;
  torch::Tensor counts_;  // int64, classes² + 1, on the CPU
};

}  // namespace convstudio
