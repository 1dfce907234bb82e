#pragma once
// Figures that see every class, from a confusion matrix: per-class precision, recall and F1,
// macro-F1 and balanced accuracy, as scikit-learn's classification_report and
// balanced_accuracy_score define them (issue 34).

#include <cstdint>
#include <vector>

namespace convstudio {

// One class's figures; 0 where scikit-learn divides by zero (zero_division=0).
struct ClassFigures {
  double precision = 0;  // of the images predicted as this class, the share that are
  double recall = 0;     // of this class's images, the share found
  double f1 = 0;
  std::int64_t support = 0;  // this class's images in the split

  bool operator==(const ClassFigures&) const = default;
};

struct ClassReport {
  std::vector<ClassFigures> classes;  // in class order
  // The mean F1 over the classes that occur in the truth or the predictions (scikit-learn's
  // f1_score(average="macro") without `labels`).
  double macro_f1 = 0;
  // The mean recall over the classes that occur in the truth (balanced_accuracy_score).
  double balanced_accuracy = 0;
};

// `confusion[true class][predicted class]`, square; an empty matrix gives an empty report.
ClassReport class_report(const std::vector<std::vector<std::int64_t>>& confusion);

}  // namespace convstudio
