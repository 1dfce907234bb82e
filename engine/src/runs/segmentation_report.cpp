#include "convstudio/runs/segmentation_report.h"

#include <limits>

namespace convstudio {

SegmentationReport segmentation_report(const std::vector<std::vector<std::int64_t>>& confusion) {
  const std::size_t classes = confusion.size();
  std::vector<std::int64_t> predicted(classes, 0);
  std::int64_t total = 0;
  std::int64_t hits = 0;
  for (std::size_t t = 0; t < classes; ++t) {
    for (std::size_t p = 0; p < classes && p < confusion[t].size(); ++p) {
      predicted[p] += confusion[t][p];
      total += confusion[t][p];
    }
    if (t < confusion[t].size()) hits += confusion[t][t];
  }
  SegmentationReport report;
  if (total > 0) report.pixel_accuracy = static_cast<double>(hits) / static_cast<double>(total);
  double iou_sum = 0;
  std::int64_t present = 0;
  for (std::size_t c = 0; c < classes; ++c) {
    const std::vector<std::int64_t>& row = confusion[c];
    std::int64_t truth = 0;
    for (std::size_t p = 0; p < classes && p < row.size(); ++p) truth += row[p];
    const std::int64_t tp = c < row.size() ? row[c] : 0;
    const std::int64_t union_pixels = truth + predicted[c] - tp;
    if (union_pixels == 0) {
      report.class_iou.push_back(std::numeric_limits<double>::quiet_NaN());
      continue;
    }
    const double iou = static_cast<double>(tp) / static_cast<double>(union_pixels);
    report.class_iou.push_back(iou);
    iou_sum += iou;
    ++present;
  }
  if (present > 0) report.mean_iou = iou_sum / static_cast<double>(present);
  return report;
}

}  // namespace convstudio
