#include "data/formats/format_sniffing.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace convstudio::formats {

namespace fs = std::filesystem;

bool is_folder(const std::string& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

bool is_regular_file(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

std::string lower_extension(const std::string& path) {
  std::string extension = fs::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

bool folder_has_name_containing(const std::string& folder, std::string_view part) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    if (entry.path().filename().string().find(part) != std::string::npos) return true;
  }
  return false;
}

}  // namespace convstudio::formats
