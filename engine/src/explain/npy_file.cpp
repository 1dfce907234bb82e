#include "explain/npy_file.h"

#include <bit>
#include <cstring>

namespace convstudio {

std::string npy_float32(const std::vector<std::int64_t>& shape, const std::vector<float>& values) {
  static_assert(std::endian::native == std::endian::little, "'<f4' is written as it is in memory");
  std::string dims;
  for (std::int64_t dim : shape) dims += std::to_string(dim) + ", ";
  if (shape.size() > 1) dims.resize(dims.size() - 2);  // (3,) keeps its comma, (2, 3) has none
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + dims + "), }";
  // magic (6) + version (2) + length (2) + header + '\n', a multiple of 64.
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::string bytes("\x93NUMPY\x01\x00", 8);
  bytes += static_cast<char>(header.size() & 0xff);
  bytes += static_cast<char>(header.size() >> 8);
  bytes += header;
  const std::size_t data = bytes.size();
  bytes.resize(data + values.size() * sizeof(float));
  if (!values.empty())
    std::memcpy(bytes.data() + data, values.data(), values.size() * sizeof(float));
  return bytes;
}

}  // namespace convstudio
