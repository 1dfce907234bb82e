#include "dataset_choice.h"

#include <chrono>
#include <iostream>
#include <memory>

#include "convstudio/data/dataset.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/model/dataset_format.h"

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
  const DatasetFormat* named = find_dataset_format(argument);
  const DatasetFormat* format = named != nullptr && named->path == DatasetPath::BuiltIn
                                    ? named
                                    : sniff_dataset_format(argument);
  if (format == nullptr) {
    choice.error =
        "--dataset " + argument + ": not a dataset (use " + dataset_format_choices() + ")";
    return choice;
  }
  choice.settings.source = format->kind;
  if (format != named) choice.settings.path = argument;
  choice.settings.allow_paths_outside = allow_paths_outside && format->names_files;
  if (!format->has_test_set) choice.settings.validation = ValidationSplit::Fraction;
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
