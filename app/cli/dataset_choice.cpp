#include "dataset_choice.h"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>

#include "convstudio/data/dataset.h"
#include "convstudio/data/dataset_request.h"

namespace convstudio::cli {
namespace {

using Clock = std::chrono::steady_clock;

// A line on stderr at most once a second while a big folder is scanned.
DatasetObserver progress_printer() {
  auto last = std::make_shared<Clock::time_point>(Clock::now());
  return [last](const DatasetProgress& progress) {
    if (Clock::now() - *last < std::chrono::seconds(1)) return true;
    *last = Clock::now();
    if (progress.stage == DatasetProgress::Stage::Scanning) {
      std::cerr << "scanning " << progress.path << ": " << progress.done << " files\n";
    }
    return true;
  };
}

}  // namespace

DatasetChoice choose_dataset(const std::string& argument, const std::optional<TensorShape>& input,
                             bool allow_paths_outside) {
  DatasetChoice choice;
  if (argument == "fashion-mnist") {
    choice.settings.source = DatasetKind::FashionMnist;
  } else {
    std::error_code ec;
    const std::filesystem::path path(argument);
    const bool folder = std::filesystem::is_directory(path, ec);
    const bool csv = !folder && guess_dataset_kind(argument) == DatasetKind::Csv;
    if (!folder && !csv) {
      choice.error = "--dataset " + argument +
                     ": not a folder or a .csv file (use fashion-mnist, an IDX folder, an image "
                     "folder or a CSV of path,label rows)";
      return choice;
    }
    choice.settings.path = argument;
    choice.settings.source = guess_dataset_kind(argument);
    choice.settings.allow_paths_outside =
        allow_paths_outside && choice.settings.source == DatasetKind::Csv;
    if (choice.settings.source == DatasetKind::ImageFolder ||
        choice.settings.source == DatasetKind::Csv) {
      choice.settings.validation = ValidationSplit::Fraction;
    }
  }
  // Reading the data (its index, for image files) is the only way to know its shape and classes.
  DatasetRequest request = dataset_request(choice.settings, 0);
  if (input) {
    request.channels = static_cast<int>(input->channels());
    request.height = static_cast<int>(input->height());
    request.width = static_cast<int>(input->width());
  }
  request.compute_statistics = false;
  Result<Dataset> dataset = load_dataset(request, progress_printer());
  if (!dataset) {
    choice.error = dataset.error().describe();
    return choice;
  }
  const DatasetInfo& info = dataset.value().info;
  for (const Error& warning : info.warnings) std::cerr << "note: " << warning.describe() << "\n";
  choice.input_shape = TensorShape::image(info.channels, info.height, info.width);
  choice.classes = static_cast<std::int64_t>(info.class_names.size());
  return choice;
}

}  // namespace convstudio::cli
