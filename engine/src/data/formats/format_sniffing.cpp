#include "data/formats/format_sniffing.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

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

std::vector<std::string> csv_header_names(const std::string& path) {
  constexpr std::size_t kMaxHeaderBytes = 4096;
  std::ifstream in(path, std::ios::binary);
  std::string line(kMaxHeaderBytes, '\0');
  in.read(line.data(), static_cast<std::streamsize>(line.size()));
  line.resize(static_cast<std::size_t>(in.gcount()));
  line = line.substr(0, line.find('\n'));
  if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // UTF-8 BOM
  std::vector<std::string> names;
  std::size_t at = 0;
  while (at <= line.size()) {
    std::size_t end = line.find(',', at);
    if (end == std::string::npos) end = line.size();
    std::string name;
    for (char c : line.substr(at, end - at)) {
      if (c != '"' && c != ' ' && c != '\t' && c != '\r') {
        name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      }
    }
    names.push_back(std::move(name));
    at = end + 1;
  }
  return names;
}

bool names_all(const std::vector<std::string>& names,
               std::initializer_list<std::string_view> wanted) {
  return std::all_of(wanted.begin(), wanted.end(), [&](std::string_view name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  });
}

}  // namespace convstudio::formats
