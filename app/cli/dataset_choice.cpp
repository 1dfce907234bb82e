#include "dataset_choice.h"

#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>

#include "convstudio/data/dataset.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/model/dataset_format.h"
#include "convstudio/model/validation_choice.h"

namespace convstudio::cli {
namespace {

using Clock = std::chrono::steady_clock;

// Where the project's validation images come from, for the line `new` prints.
std::string validation_text(const ValidationChoice& validation, const DatasetSettings& settings,
                            const DatasetInfo& info) {
  const std::string images =
      std::to_string(info.validation_count) + (info.validation_count == 1 ? " image" : " images");
  if (!validation.folder.empty()) return "the " + images + " in " + validation.folder;
  if (validation.split == ValidationSplit::TestSet) {
    return "the dataset's test set (" + images + ")";
  }
  std::string text = std::to_string(std::lround(settings.validation_fraction * 100)) +
                     "% of the training images (" + images + "), held out at random";
  const DatasetFormat& format = dataset_format(settings.source);
  if (format.validation_folder != nullptr) {
    text += format.masks
                ? "; for a fixed set, put images and masks in ROOT/val/images/ and ROOT/val/masks/"
                : "; for a fixed set, put images in ROOT/val/<class>/ beside ROOT/train/<class>/";
  }
  return text;
}

}  // namespace

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

Result<DatasetSettings> dataset_settings_for(const std::string& argument,
                                             bool allow_paths_outside) {
  DatasetSettings settings;
  const DatasetFormat* named = find_dataset_format(argument);
  const DatasetFormat* format = named != nullptr && named->path == DatasetPath::BuiltIn
                                    ? named
                                    : sniff_dataset_format(argument);
  if (format == nullptr) {
    return Error::in_file(argument,
                          "not a dataset for --dataset (use " + dataset_format_choices() + ")");
  }
  settings.source = format->kind;
  if (format != named) settings.path = argument;
  settings.allow_paths_outside = allow_paths_outside && format->names_files;
  apply_validation_choice(settings);
  return settings;
}

Result<DatasetChoice> choose_dataset(const std::string& argument,
                                     const std::optional<TensorShape>& input,
                                     bool allow_paths_outside) {
  DatasetChoice choice;
  Result<DatasetSettings> settings = dataset_settings_for(argument, allow_paths_outside);
  if (!settings) return settings.error();
  choice.settings = std::move(settings).value();
  const ValidationChoice validation =
      choose_validation(choice.settings.source, choice.settings.path);
  // Reading the data (its index, for image files) is the only way to know its shape and classes.
  DatasetRequest request = dataset_request(choice.settings, 0);
  if (input) {
    request.channels = static_cast<int>(input->channels());
    request.height = static_cast<int>(input->height());
    request.width = static_cast<int>(input->width());
  }
  request.compute_statistics = false;
  Result<Dataset> dataset = load_dataset(request, progress_printer());
  if (!dataset) return dataset.error();
  const DatasetInfo& info = dataset.value().info;
  for (const Error& warning : info.warnings) std::cerr << "note: " << warning.describe() << "\n";
  choice.input_shape = TensorShape::image(info.input.channels, info.input.height, info.input.width);
  choice.classes = static_cast<std::int64_t>(info.class_names.size());
  choice.validation = validation_text(validation, choice.settings, info);
  return choice;
}

}  // namespace convstudio::cli
