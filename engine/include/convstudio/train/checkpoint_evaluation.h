#pragma once
// Evaluates a saved checkpoint: the model it holds on validation data, with the preprocessing
// (input shape, normalisation) it was trained with.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/runs/evaluated_sample.h"

namespace convstudio {

struct CheckpointEvaluation {
  double loss = 0;
  double accuracy = 0;
  std::int64_t samples = 0;
  std::vector<std::vector<std::int64_t>> confusion;  // [true][predicted]
  // Every sample evaluated, with its source: samples_in_cell gives a cell's images.
  std::vector<EvaluatedSample> sample_list;
  std::vector<std::string> class_names;
  std::string data_path;  // the folder evaluated
  std::string device;
  std::optional<Error> error;  // set when nothing could be evaluated: the file, data or setting
  bool input_error = false;    // the error is the user's input (path, data, checkpoint)
};

// `data_path` empty: the checkpoint's own dataset. Otherwise an IDX folder (its test set) or an
// image folder (its held-out fraction), with the same classes as the checkpoint.
CheckpointEvaluation evaluate_checkpoint(const std::string& checkpoint_dir,
                                         const std::string& data_path = {},
                                         const std::string& device = "auto");

}  // namespace convstudio
