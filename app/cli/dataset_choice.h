#pragma once
// Turns the CLI's --dataset argument (fashion-mnist, a folder or a labels CSV) into dataset
// settings plus the input shape and class count that templates adapt to. Scanning a big folder
// prints its progress on stderr.

#include <cstdint>
#include <optional>
#include <string>

#include "convstudio/data/dataset.h"
#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/tensor_shape.h"
#include "convstudio/result.h"

namespace convstudio::cli {

struct DatasetChoice {
  DatasetSettings settings;
  TensorShape input_shape;
  std::int64_t classes = 0;
  // What the project validates on, for the user: "the 500 images in /data/flowers/val".
  std::string validation;
};

// The dataset settings `argument` names (a built-in name, a folder or a list file), validating
// as a new project would (validation_choice.h); an error when it names no usable dataset.
Result<DatasetSettings> dataset_settings_for(const std::string& argument,
                                             bool allow_paths_outside = false);

// A line on stderr at most once a second while a big folder is scanned.
DatasetObserver progress_printer();

// `input`: the shape the user asked for (--input); otherwise the data's own (for image files:
// 1 channel when all are grey, and the median size of a sample when sizes differ).
// `allow_paths_outside`: a CSV's rows may name files outside its folder (--allow-paths-outside).
// The Error (with its place: the argument, or the file the reader stopped at) when the argument
// names no usable dataset.
Result<DatasetChoice> choose_dataset(const std::string& argument,
                                     const std::optional<TensorShape>& input = std::nullopt,
                                     bool allow_paths_outside = false);

}  // namespace convstudio::cli
