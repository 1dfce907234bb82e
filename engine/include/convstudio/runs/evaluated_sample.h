#pragma once
// One validation image as an evaluation saw it: where it came from, so its image can be fetched
// again (to explain the images of a confusion-matrix cell), and its true and predicted class.
// The rule for which samples fall in a cell is written once here; the CLI and the studio call it.

#include <cstdint>
#include <string>
#include <vector>

#include "convstudio/data/planar_image.h"

namespace convstudio {

struct EvaluatedSample {
  std::int64_t index = 0;  // its index in the evaluated split (SampleSet order)
  std::string file;        // its image file; empty for data held in memory (IDX)
  std::int64_t true_class = 0;
  std::int64_t predicted_class = 0;
  double confidence = 0;  // softmax probability of the predicted class
  // Data held in memory (no file): its pixels, filled by evaluate_checkpoint so the sample can be
  // explained; empty in a training run's validations.
  PlanarImage image;
};

// The samples of the confusion-matrix cell [true_class][predicted_class], in evaluation order:
// as many as the cell counts.
std::vector<EvaluatedSample> samples_in_cell(const std::vector<EvaluatedSample>& samples,
                                             std::int64_t true_class, std::int64_t predicted_class);

// Every wrongly classified sample (the cells off the diagonal), in evaluation order.
std::vector<EvaluatedSample> misclassified_samples(const std::vector<EvaluatedSample>& samples);

}  // namespace convstudio
