#include "dataset_choice.h"

#include <filesystem>

#include "convstudio/data/dataset.h"

namespace convstudio::cli {
namespace {

// A folder holding *-idx3-ubyte[.gz] files is IDX; anything else is read as an image folder.
bool looks_like_idx_folder(const std::filesystem::path& folder) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    if (entry.path().filename().string().find("idx3-ubyte") != std::string::npos) return true;
  }
  return false;
}

}  // namespace

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
    choice.settings.source =
        looks_like_idx_folder(folder) ? DatasetKind::Idx : DatasetKind::ImageFolder;
    if (choice.settings.source == DatasetKind::ImageFolder) {
      choice.settings.validation = ValidationSplit::Fraction;
    }
  }
  // Reading the data is the only way to know its shape and classes for certain.
  DataResult<Dataset> dataset = load_dataset(dataset_request(choice.settings, 0));
  if (!dataset) {
    choice.error = dataset.error().to_string();
    return choice;
  }
  const DatasetInfo& info = dataset.value().info;
  choice.input_shape = TensorShape::image(info.channels, info.height, info.width);
  choice.classes = static_cast<std::int64_t>(info.class_names.size());
  return choice;
}

}  // namespace convstudio::cli
