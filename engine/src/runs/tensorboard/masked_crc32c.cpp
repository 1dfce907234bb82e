#include "masked_crc32c.h"

#include <array>

namespace convstudio {
namespace {

// Written here because Debian 12 packages no C++ CRC-32C library (apt has python3-crc32c only;
// its abseil, 20220623, predates absl/crc; leveldb and protobuf keep theirs private). A table of
// 256 entries does a byte at a time, about 1 ns per byte: an event record of a step is a few
// hundred bytes, so this costs well under a microsecond a step.
constexpr std::uint32_t kReversedPolynomial = 0x82F63B78u;  // Castagnoli, bit-reversed

constexpr std::array<std::uint32_t, 256> make_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t crc = i;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ ((crc & 1u) ? kReversedPolynomial : 0u);
    table[i] = crc;
  }
  return table;
}

constexpr std::array<std::uint32_t, 256> kTable = make_table();

}  // namespace

std::uint32_t crc32c(std::string_view data) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char byte : data) crc = kTable[(crc ^ byte) & 0xFFu] ^ (crc >> 8);
  return crc ^ 0xFFFFFFFFu;
}

std::uint32_t masked_crc32c(std::string_view data) {
  const std::uint32_t crc = crc32c(data);
  return ((crc >> 15) | (crc << 17)) + 0xA282EAD8u;
}

}  // namespace convstudio
