#include "timestamped_name.h"

#include <ctime>

namespace convstudio {

std::string local_time_text(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  localtime_r(&now, &parts);
  char text[64];
  std::strftime(text, sizeof text, format, &parts);
  return text;
}

std::filesystem::path unique_timestamped_path(
    const std::filesystem::path& dir, const std::string& suffix,
    const std::function<bool(const std::filesystem::path&)>& taken) {
  const std::string stamp = local_time_text("%Y%m%d-%H%M%S");
  std::filesystem::path path = dir / (stamp + suffix);
  for (int n = 2; taken(path); ++n) path = dir / (stamp + "-" + std::to_string(n) + suffix);
  return path;
}

}  // namespace convstudio
