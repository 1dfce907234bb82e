#pragma once
// A wire between two blocks, addressed by value.

#include <compare>
#include <string>

namespace convstudio {

// The output of block `from` feeds input port `to_port` of block `to`. Every block has one
// output, so no output port is stored. Ordered so sets and sorted lists of wires are stable.
struct Connection {
  std::string from;
  std::string to;
  int to_port = 0;

  auto operator<=>(const Connection&) const = default;
  bool operator==(const Connection&) const = default;
};

}  // namespace convstudio
