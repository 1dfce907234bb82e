#pragma once
// The two block types that the graph's rules know by name: a graph has one of each, the data
// enters at the Input, and the Output's classes are the data set's. Spelled here and nowhere
// else; every other type is known only to its home and the catalog (engine/src/blocks/README.md).

#include <string_view>

namespace convstudio {

inline constexpr std::string_view kInputBlockType = "Input";
inline constexpr std::string_view kOutputBlockType = "Output";

}  // namespace convstudio
