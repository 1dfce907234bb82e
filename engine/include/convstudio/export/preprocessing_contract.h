#pragma once
// What a caller must do to an image before the model sees it, written into every export so a
// model used elsewhere gets exactly the input it was trained on.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "convstudio/data/class_colours.h"
#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/project_task.h"
#include "convstudio/model/tensor_shape.h"

namespace convstudio {

// An image is first fitted to H×W by `fit` ("resize-crop": shorter side scaled to fit, centre
// cut; "stretch": each side scaled to fit; "pad": longer side scaled to fit, black borders;
// area averaging when shrinking, bilinear when enlarging). Pixels are scaled to [0, 1]
// (value / 255), then per channel (x - mean) / std, laid out N×C×H×W in `channel_order` ("grey"
// for one channel, "RGB" for three). Empty mean/std: no normalisation. The model returns
// logits; probabilities are softmax(logits / temperature). A segmentation model (`task`) returns
// N×C×H×W logits at the input's size: each pixel's class is the argmax over C.
struct PreprocessingContract {
  TensorShape input;  // C×H×W
  // Exports written before fit modes existed stretched every image: that is what they read as.
  FitMode fit = FitMode::Stretch;
  std::string channel_order;
  std::vector<float> mean;
  std::vector<float> std;
  std::vector<std::string> class_names;
  bool softmax = true;  // the Output block's choice: show probabilities rather than logits
  // Exports from before tasks existed are classifiers.
  ProjectTask task = ProjectTask::Classification;
  // The colours the data set names for its classes (segmentation); empty: the Pascal VOC map.
  std::vector<ClassColour> class_colours;

  bool segments() const { return task == ProjectTask::Segmentation; }
  // The colour class `index` is drawn in: the named one, else default_class_colour(index).
  ClassColour colour_of(std::int64_t index) const;

  nlohmann::json to_json() const;
  // Checks every field's type; throws nlohmann::json::exception (with the field) when wrong.
  static PreprocessingContract from_json(const nlohmann::json& json);

  bool operator==(const PreprocessingContract&) const = default;
};

}  // namespace convstudio
