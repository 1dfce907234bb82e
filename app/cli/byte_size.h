#pragma once
// Sizes the user types on the command line: "2G", "500M", "800K" or plain bytes.

#include <cstdint>
#include <optional>
#include <string>

namespace convstudio::cli {

// nullopt when the text is none of these.
std::optional<std::int64_t> parse_byte_size(const std::string& text);

}  // namespace convstudio::cli
