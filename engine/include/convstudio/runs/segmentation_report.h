#pragma once
// Segmentation's figures from a pixel confusion matrix (issue 38): pixel accuracy, each class's
// intersection over union and their mean, computed once here for the evaluator, the training
// figures and every reader. Torch-free.

#include <cstdint>
#include <vector>

namespace convstudio {

struct SegmentationReport {
  // Σ_c confusion[c][c] / Σ confusion: the share of counted pixels labelled right (ignored
  // pixels never reach the matrix). 0 for an empty matrix.
  double pixel_accuracy = 0;
  // IoU_c = TP_c / (TP_c + FP_c + FN_c) = confusion[c][c] / (row_c + column_c − confusion[c][c]);
  // NaN for a class in neither the truth nor the prediction (0 / 0), in class order.
  std::vector<double> class_iou;
  // The mean of IoU_c over the classes present in the truth or the prediction (those whose
  // IoU is a number): a class absent from both neither helps nor hurts. 0 when none is.
  double mean_iou = 0;
};

// `confusion[true class][predicted class]`, pixels counted, square.
SegmentationReport segmentation_report(const std::vector<std::vector<std::int64_t>>& confusion);

}  // namespace convstudio
