#pragma once
// A segmentation's confusion matrix, counted in pixels (issue 38): the evaluator gathers each
// batch's cells on the device without reading them back, and counts them on the CPU once at
// the end (scatter-adds on CUDA are not deterministic, and deterministic runs must validate).
// Pixels whose truth is the ignore label never reach the matrix. Internal (LibTorch).

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace convstudio {

// The batch's pixels as cells true × classes + argmax(logits), flattened; an ignored pixel goes
// to the extra cell classes², which pixel_confusion drops. `logits` N×C×H×W, `labels` N×H×W.
torch::Tensor pixel_cells(const torch::Tensor& logits, const torch::Tensor& labels,
                          std::int64_t classes, std::int64_t ignore_label);

// `confusion[true][predicted]` of the gathered cells (classes × classes, zeros without cells).
std::vector<std::vector<std::int64_t>> pixel_confusion(const std::vector<torch::Tensor>& cells,
                                                       std::int64_t classes);

}  // namespace convstudio
