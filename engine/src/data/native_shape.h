#pragma once
// The shape a folder of images has of its own, for a new project's Input block and for requests
// that leave the size to the data: read from the headers of a seeded sample of the files.

#include <cstdint>

#include "data/file_index.h"

namespace convstudio {

// Files whose headers are read.
inline constexpr std::int64_t kShapeSample = 200;

// 1 channel when every sampled image is stored grey, else 3; the common size of the sample, or
// the median width and height when sizes differ (with a note saying so). Channels 0 when no
// sampled header could be read.
NativeShape sample_native_shape(const FileIndex& index);

}  // namespace convstudio
