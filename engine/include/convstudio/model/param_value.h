#pragma once
// A block parameter's value as stored in a graph and a project file.

#include <cstdint>
#include <string>
#include <variant>

namespace convstudio {

// Int parameters hold int64, float parameters double, bool parameters bool, choice parameters
// the chosen string. Shared by the catalog (defaults), the graph and the project file.
using ParamValue = std::variant<std::int64_t, double, bool, std::string>;

// The value as a user reads it: 5, 0.1, true, same.
std::string to_string(const ParamValue& value);

}  // namespace convstudio
