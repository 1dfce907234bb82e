#include "convstudio/runs/class_report.h"

namespace convstudio {
namespace {

double share(std::int64_t part, std::int64_t whole) {
  return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

}  // namespace

ClassReport class_report(const std::vector<std::vector<std::int64_t>>& confusion) {
  const std::size_t classes = confusion.size();
  std::vector<std::int64_t> predicted(classes, 0);
  for (const auto& row : confusion) {
    for (std::size_t p = 0; p < classes && p < row.size(); ++p) predicted[p] += row[p];
  }
  ClassReport report;
  double f1_sum = 0, recall_sum = 0;
  std::int64_t f1_classes = 0, recall_classes = 0;
  for (std::size_t c = 0; c < classes; ++c) {
    const std::vector<std::int64_t>& row = confusion[c];
    const std::int64_t hits = c < row.size() ? row[c] : 0;
    ClassFigures figures;
    for (const std::int64_t count : row) figures.support += count;
    figures.precision = share(hits, predicted[c]);
    figures.recall = share(hits, figures.support);
    // 2·TP / (2·TP + FP + FN), as scikit-learn computes it (0 with nothing to count).
    figures.f1 = share(2 * hits, figures.support + predicted[c]);
    if (figures.support > 0 || predicted[c] > 0) {
      f1_sum += figures.f1;
      ++f1_classes;
    }
    if (figures.support > 0) {
      recall_sum += figures.recall;
      ++recall_classes;
    }
    report.classes.push_back(figures);
  }
  if (f1_classes > 0) report.macro_f1 = f1_sum / static_cast<double>(f1_classes);
  if (recall_classes > 0)
    report.balanced_accuracy = recall_sum / static_cast<double>(recall_classes);
  return report;
}

}  // namespace convstudio
