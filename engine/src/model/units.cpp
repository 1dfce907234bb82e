#include "convstudio/model/units.h"

#include <array>
#include <cstdio>

namespace convstudio {

std::string format_bytes(std::uint64_t bytes) {
  static constexpr std::array<const char*, 6> kUnits = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  double value = static_cast<double>(bytes);
  std::size_t unit = 0;
  while (value >= 1024.0 && unit + 1 < kUnits.size()) {
    value /= 1024.0;
    ++unit;
  }
  char text[32];
  if (unit == 0) {
    std::snprintf(text, sizeof text, "%llu B", static_cast<unsigned long long>(bytes));
  } else {
    std::snprintf(text, sizeof text, "%.1f %s", value, kUnits[unit]);
  }
  return text;
}

std::string format_count(std::uint64_t count) {
  static constexpr std::array<const char*, 5> kSuffixes = {"", " K", " M", " G", " T"};
  double value = static_cast<double>(count);
  std::size_t suffix = 0;
  while (value >= 1000.0 && suffix + 1 < kSuffixes.size()) {
    value /= 1000.0;
    ++suffix;
  }
  char text[32];
  if (suffix == 0) {
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(count));
  } else {
    std::snprintf(text, sizeof text, "%.2f%s", value, kSuffixes[suffix]);
  }
  return text;
}

}  // namespace convstudio
