#include "dataset_choice.h"

#include <filesystem>

#include "convstudio/data/dataset.h"
#include "convstudio/data/dataset_request.h"

namespace convstudio::cli {
DatasetChoice choose_dataset(const std::string& argument) {
  DatasetChoice choice;
  if (argument == "fashion-mnist") {
    choice.settings.source = DatasetKind::FashionMnist;
  } else {
    const std::filesystem::path folder(argument);
    if (!std::filesystem::is_directory(folder)) {
      choice.error = "--dataset " + argument +
                     ": not a folder (use fashion-mnist, an IDX folder or an image folder)";
      return choice;
    }
    choice.settings.path = argument;
    choice.settings.source = guess_dataset_kind(argument);
    if (choice.settings.source == DatasetKind::ImageFolder) {
      choice.settings.validation = ValidationSplit::Fraction;
    }
  }
  // Reading the data is the only way to know its shape and classes for certain.
  Result<Dataset> dataset = load_dataset(dataset_request(choice.settings, 0));
  if (!dataset) {
    choice.error = dataset.error().describe();
    return choice;
  }
  const DatasetInfo& info = dataset.value().info;
  choice.input_shape = TensorShape::image(info.channels, info.height, info.width);
  choice.classes = static_cast<std::int64_t>(info.class_names.size());
  return choice;
}

}  // namespace convstudio::cli
