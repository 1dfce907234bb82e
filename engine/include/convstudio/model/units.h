#pragma once
// Human-readable quantities shared by the CLI and the GUI, so both print the same figures.

#include <cstdint>
#include <string>

namespace convstudio {

// 1536 -> "1.5 KiB"; binary units, one decimal above bytes.
std::string format_bytes(std::uint64_t bytes);
// 1234567 -> "1.23 M"; SI suffixes for counts such as parameters and MACs.
std::string format_count(std::uint64_t count);

}  // namespace convstudio
