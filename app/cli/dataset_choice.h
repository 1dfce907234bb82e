#pragma once
// Turns the CLI's --dataset argument (fashion-mnist or a folder) into dataset settings plus the
// input shape and class count that templates adapt to.

#include <cstdint>
#include <string>

#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/tensor_shape.h"

namespace convstudio::cli {

struct DatasetChoice {
  DatasetSettings settings;
  TensorShape input_shape;
  std::int64_t classes = 0;
  std::string error;  // non-empty when the argument names no usable dataset
};

DatasetChoice choose_dataset(const std::string& argument);

}  // namespace convstudio::cli
