#pragma once
// The layout of a segmentation folder, written once for its sniff (torch-free) and its scan:
// ROOT/images/<name>.<ext> pairs with ROOT/masks/<name>.png, and ROOT/val/ repeats the layout.
// Defined in segmentation_folder_format.cpp.

#include <string>

namespace convstudio::formats::segmentation_folder {

inline constexpr const char* kImagesFolder = "images";
inline constexpr const char* kMasksFolder = "masks";

// The mask of `image_name` (a file name in images/): masks_folder/<its stem>.png.
std::string mask_path_for(const std::string& masks_folder, const std::string& image_name);

// "val" when ROOT/val/images is a folder, else "".
std::string validation_folder(const std::string& root);

}  // namespace convstudio::formats::segmentation_folder
