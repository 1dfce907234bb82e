#pragma once
// A segmentation prediction as files: the class of every pixel as an index PNG (what a mask
// data set holds, so predictions can be read back as labels) and the same mask in the classes'
// colours (what a person looks at). Written by `predict --out`.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "convstudio/export/inference_model.h"
#include "convstudio/result.h"

namespace convstudio {

struct MaskFiles {
  std::filesystem::path mask;    // STEM_mask.png: class indices (8-bit, 16-bit past 256 classes)
  std::filesystem::path colour;  // STEM_colour.png: RGB, each pixel its class's colour
};

// Writes both files into `folder` (which must exist), each atomically; `prediction` must hold a
// mask (no error). Colours: contract.colour_of.
Result<MaskFiles> write_mask_files(const SegmentationPrediction& prediction,
                                   const PreprocessingContract& contract,
                                   const std::filesystem::path& folder, const std::string& stem);

// The prediction's colour mask as interleaved RGB bytes, H×W×3 (the colour PNG's pixels).
std::vector<std::uint8_t> colour_mask(const SegmentationPrediction& prediction,
                                      const PreprocessingContract& contract);

}  // namespace convstudio
