#pragma once
// NumPy's .npy format, version 1.0, for float32 arrays (numpy.lib.format): the magic, a header
// dict padded to 64 bytes, then the little-endian data. Enough for numpy.load and other tools.

#include <cstdint>
#include <string>
#include <vector>

namespace convstudio {

// The bytes of a C-order float32 array of `shape`.
std::string npy_float32(const std::vector<std::int64_t>& shape, const std::vector<float>& values);

}  // namespace convstudio
