#pragma once
// What a project validates on, chosen from the data it is given: the data's own test split, a
// validation folder kept beside the training images (ROOT/val beside ROOT/train), or else a
// share of the training images. One rule: `convstudio-cli new` and the studio's dataset editor
// both ask it, so a validation folder the user made is never passed over.

#include <string>

#include "convstudio/model/dataset_settings.h"

namespace convstudio {

struct ValidationChoice {
  ValidationSplit split = ValidationSplit::Fraction;
  // The validation folder the split reads ("/data/flowers/val"); "" when the data has none.
  std::string folder;
};

// Reads only the folder names at `path` (a stat or two), never the images.
ValidationChoice choose_validation(DatasetKind kind, const std::string& path);

// Sets settings.validation to choose_validation(settings.source, settings.path)'s split and
// returns the choice.
ValidationChoice apply_validation_choice(DatasetSettings& settings);

}  // namespace convstudio
