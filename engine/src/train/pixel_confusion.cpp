#include "pixel_confusion.h"

namespace convstudio {

torch::Tensor pixel_cells(const torch::Tensor& logits, const torch::Tensor& labels,
                          std::int64_t classes, std::int64_t ignore_label) {
  const torch::Tensor counted = labels.ne(ignore_label);
  const torch::Tensor cells = labels * classes + logits.argmax(1);
  return torch::where(counted, cells, torch::full_like(cells, classes * classes)).view(-1);
}

PixelConfusion::PixelConfusion(std::int64_t classes)
    : classes_(classes), counts_(torch::zeros({classes * classes + 1}, torch::kLong)) {}

void PixelConfusion::add(const torch::Tensor& cells) {
  // A label outside 0..classes-1 (not the ignore label) lands past the matrix and is dropped.
  const torch::Tensor counts = cells.to(torch::kCPU).bincount({}, classes_ * classes_ + 1);
  counts_ += counts.narrow(0, 0, classes_ * classes_ + 1);
}

std::vector<std::vector<std::int64_t>> PixelConfusion::matrix() const {
  const auto classes = static_cast<std::size_t>(classes_);
  std::vector<std::vector<std::int64_t>> confusion(classes, std::vector<std::int64_t>(classes, 0));
  const torch::Tensor counts = counts_.contiguous();
  const auto* data = counts.data_ptr<std::int64_t>();
  for (std::size_t t = 0; t < classes; ++t) {
    for (std::size_t p = 0; p < classes; ++p) confusion[t][p] = data[t * classes + p];
  }
  return confusion;
}

}  // namespace convstudio
