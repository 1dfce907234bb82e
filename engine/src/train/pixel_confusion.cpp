#include "pixel_confusion.h"

namespace convstudio {

torch::Tensor pixel_cells(const torch::Tensor& logits, const torch::Tensor& labels,
                          std::int64_t classes, std::int64_t ignore_label) {
  const torch::Tensor counted = labels.ne(ignore_label);
  const torch::Tensor cells = labels * classes + logits.argmax(1);
  return torch::where(counted, cells, torch::full_like(cells, classes * classes)).view(-1);
}

std::vector<std::vector<std::int64_t>> pixel_confusion(const std::vector<torch::Tensor>& cells,
                                                       std::int64_t classes) {
  std::vector<std::vector<std::int64_t>> confusion(
      static_cast<std::size_t>(classes),
      std::vector<std::int64_t>(static_cast<std::size_t>(classes), 0));
  if (cells.empty()) return confusion;
  const torch::Tensor counts =
      torch::cat(cells).to(torch::kCPU).bincount({}, classes * classes + 1).contiguous();
  const auto* data = counts.data_ptr<std::int64_t>();
  for (std::int64_t t = 0; t < classes; ++t) {
    for (std::int64_t p = 0; p < classes; ++p) {
      confusion[static_cast<std::size_t>(t)][static_cast<std::size_t>(p)] = data[t * classes + p];
    }
  }
  return confusion;
}

}  // namespace convstudio
