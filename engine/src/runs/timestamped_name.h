#pragma once
// Names made from the local time (DATE-TIME), so folders sort by when they were made; one
// naming loop for run folders and unsaved projects alike.

#include <filesystem>
#include <functional>
#include <string>

namespace convstudio {

// The local time as strftime `format` writes it.
std::string local_time_text(const char* format);

// DIR/YYYYMMDD-HHMMSS + suffix, or with "-2", "-3"… before the suffix while `taken` says the
// name is in use (two made within the same second).
std::filesystem::path unique_timestamped_path(
    const std::filesystem::path& dir, const std::string& suffix,
    const std::function<bool(const std::filesystem::path&)>& taken);

}  // namespace convstudio
