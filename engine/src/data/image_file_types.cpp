#include "data/image_file_types.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace convstudio {

bool is_image_file_name(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || name.size() - dot > 5) return false;
  std::string extension(name.substr(dot + 1));
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  static constexpr std::array<std::string_view, 11> kExtensions = {
      "png", "jpg", "jpeg", "bmp", "webp", "tif", "tiff", "pbm", "pgm", "ppm", "pnm"};
  return std::find(kExtensions.begin(), kExtensions.end(), extension) != kExtensions.end();
}

}  // namespace convstudio
