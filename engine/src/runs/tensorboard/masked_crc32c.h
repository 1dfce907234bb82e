#pragma once
// CRC-32C (Castagnoli), masked as TFRecord files store it: the checksum every TensorBoard event
// record carries for its length and for its data.

#include <cstdint>
#include <string_view>

namespace convstudio {

std::uint32_t crc32c(std::string_view data);
// TensorFlow's mask: rotate right by 15 bits and add a constant, so that a CRC stored inside
// data that is itself checksummed does not cancel out.
std::uint32_t masked_crc32c(std::string_view data);

}  // namespace convstudio
