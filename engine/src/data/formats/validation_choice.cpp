#include "convstudio/model/validation_choice.h"

#include "convstudio/model/dataset_format.h"

namespace convstudio {

ValidationChoice choose_validation(DatasetKind kind, const std::string& path) {
  const DatasetFormat& format = dataset_format(kind);
  ValidationChoice choice;
  if (format.has_test_set) {
    choice.split = ValidationSplit::TestSet;
    return choice;
  }
  const std::string folder =
      format.validation_folder != nullptr && !path.empty() ? format.validation_folder(path) : "";
  if (!folder.empty()) {
    // TestSet with a share of 0 is what makes the loader read the folder (file_dataset.cpp).
    choice.split = ValidationSplit::TestSet;
    choice.folder = path + (path.back() == '/' ? "" : "/") + folder;
  }
  return choice;
}

ValidationChoice apply_validation_choice(DatasetSettings& settings) {
  const ValidationChoice choice = choose_validation(settings.source, settings.path);
  settings.validation = choice.split;
  return choice;
}

}  // namespace convstudio
