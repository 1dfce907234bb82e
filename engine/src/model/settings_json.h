#pragma once
// JSON form of DatasetSettings and TrainingSettings (internal to project files).

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "convstudio/error.h"
#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/training_settings.h"

namespace convstudio {

// Every key is written; on reading, missing keys keep the struct default and each problem is
// reported with its field path under `path` ("dataset", "training").
class SettingsJson {
 public:
  // AsSaved leaves out the settings a project file writes only when set (so older ConvStudios
  // read it); Every writes them too, for readers that compare settings by name.
  enum class Keys { AsSaved, Every };

  static nlohmann::ordered_json to_json(const DatasetSettings& dataset, Keys keys = Keys::AsSaved);
  static nlohmann::ordered_json to_json(const TrainingSettings& training,
                                        Keys keys = Keys::AsSaved);
  static DatasetSettings dataset_from_json(const nlohmann::ordered_json& json,
                                           const std::string& path, std::vector<Error>& errors);
  static AugmentationSettings augmentation_from_json(const nlohmann::ordered_json& json,
                                                     const std::string& path,
                                                     std::vector<Error>& errors);
  static TrainingSettings training_from_json(const nlohmann::ordered_json& json,
                                             const std::string& path, std::vector<Error>& errors);
};

}  // namespace convstudio
