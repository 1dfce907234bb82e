#pragma once
// Indexing an image folder: root/<class>/*.png|jpg|... , or root/train/<class>/... with
// root/val (valid, validation, test)/<class>/... for a fixed split. Lists names and stats each
// image once (size and time); decodes nothing.

#include <string>

#include "convstudio/result.h"
#include "data/file_index.h"

namespace convstudio {

// The index of the folder `root` (absolute), or what is wrong with its layout.
Result<FileIndex> scan_image_folder(const std::string& root, const ScanProgress& progress);

}  // namespace convstudio
