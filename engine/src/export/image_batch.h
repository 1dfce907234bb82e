#pragma once
// Image files made into the model's input exactly as the training data was: decoded by OpenCV,
// fitted to the input size by the contract's fit mode, scaled to [0, 1] and normalised per
// channel.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "convstudio/data/planar_image.h"
#include "convstudio/export/preprocessing_contract.h"

namespace convstudio {

struct ImageBatch {
  torch::Tensor input;                             // N×C×H×W float, rows of the decoded images
  std::vector<std::size_t> rows;                   // index into the file list of each input row
  std::vector<std::optional<std::string>> errors;  // per file: why it could not be used
  // With keep_pixels: per input row, the fitted image before scaling (what an overlay draws on).
  std::vector<PlanarImage> pixels;
};

ImageBatch load_image_batch(const std::vector<std::filesystem::path>& files,
                            const PreprocessingContract& contract, bool keep_pixels = false);

}  // namespace convstudio
