#pragma once
// Which files are images, by extension: one rule for dataset folders, CSV lists and `predict`.

#include <string_view>

namespace convstudio {

// .png .jpg .jpeg .bmp .webp .tif .tiff .pbm .pgm .ppm .pnm, in any letter case.
bool is_image_file_name(std::string_view name);

// The list above as the user reads it, for messages.
inline constexpr std::string_view kImageFileTypes =
    ".png, .jpg, .jpeg, .bmp, .webp, .tif, .tiff, .pbm, .pgm, .ppm or .pnm";

}  // namespace convstudio
