#pragma once
// Small learnable IDX datasets and projects for trainer tests: fast, and written by the test.

#include <cstdint>
#include <filesystem>
#include <string>

#include "convstudio/model/project.h"

namespace convstudio::testing {

// Writes train/t10k IDX pairs (raw, uncompressed) of `train` and `test` images of 1×size×size
// in `classes` classes, each class a different bright square on noise, into `folder`.
void write_tiny_idx_dataset(const std::filesystem::path& folder, int train, int test, int classes,
                            int size, std::uint32_t seed);

// A project reading that folder: Input → Flatten → Linear(hidden) → ReLU → [Dropout] → Output.
Project tiny_project(const std::filesystem::path& folder, int classes, int size,
                     bool with_dropout = false);

// A project reading a 4-class folder of 8×8 images: Input(1×8×8) → Conv2d(4, 3×3, padding 1) →
// BatchNorm2d → ReLU → Flatten → Output(4); blocks conv1 and bn1.
Project tiny_conv_project(const std::filesystem::path& folder);

// A fresh empty folder under the system temp dir, named after the running test.
std::filesystem::path fresh_folder(const std::string& name);

}  // namespace convstudio::testing
