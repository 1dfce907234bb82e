#pragma once
// Validation: loss, accuracy and the confusion matrix of a model over a whole data split.
// Segmentation (N×C×H×W logits, N×H×W targets): the confusion counts pixels, the accuracy is
// the pixel accuracy and the loss the mean cross-entropy over the counted pixels; pixels of the
// ignore label count nowhere, and no image goes to the misclassified gallery.

#include <torch/torch.h>

#include <cstdint>
#include <functional>
#include <vector>

#include "convstudio/data/sample_set.h"
#include "convstudio/model/training_settings.h"
#include "convstudio/runs/evaluated_sample.h"
#include "convstudio/runs/training_events.h"
#include "data/batch_loader.h"
#include "nn/graph_module.h"

namespace convstudio {

class DataParallel;

struct Evaluation {
  double loss = 0;
  double accuracy = 0;
  std::int64_t samples = 0;
  // What the loss and accuracy are means over: `samples`, or a segmentation's counted pixels.
  std::int64_t counted = 0;
  bool pixels = false;                               // a segmentation's evaluation
  std::vector<std::vector<std::int64_t>> confusion;  // [true][predicted]
  std::vector<MisclassifiedSample> misclassified;
  // With `images`: every sample evaluated, with its source, true and predicted class, so the
  // images of any confusion-matrix cell can be fetched again (samples_in_cell).
  std::vector<EvaluatedSample> sample_list;
  std::vector<Error> skipped;
  bool cancelled = false;
};

// Runs every batch of `epoch` of the loader (unshuffled loaders ignore the epoch) in eval mode
// without gradients, autocast as in training; restores the model's training mode afterwards.
// `cancelled` is polled between batches. With `images` (the loader's own set), up to
// `keep_misclassified` wrongly classified images are returned with their pixels (read again
// from the set: only those few), and every sample with its source (`sample_list`). Images the
// loader could not read go to `skipped`. `ignore_label`: a segmentation's uncounted pixels
// (DatasetSettings::ignore_label).
Evaluation evaluate_model(GraphModule& model, BatchLoader& loader, const torch::Device& device,
                          AmpMode amp, std::int64_t classes,
                          const std::function<bool()>& cancelled = {},
                          const SampleSet* images = nullptr, int keep_misclassified = 0,
                          std::int64_t ignore_label = 255);

// One rank of a data-parallel run: sums loss, samples and the confusion matrix over the ranks'
// shards and recomputes the loss and accuracy, so each rank holds the whole split's figures.
// Misclassified examples stay this rank's own.
void sum_evaluation_over_ranks(Evaluation& evaluation, DataParallel& parallel);

}  // namespace convstudio
