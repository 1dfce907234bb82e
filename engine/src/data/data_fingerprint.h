#pragma once
// A data set's fingerprint: a stable hash (convstudio/io/stable_hash.h) of what it holds, so a
// run can record which data it trained on and a resumed run can tell the data changed. Image
// files: the file index (every file's path, class, validation flag, size and modification time,
// and the class names), not the pixels: reading every file would cost a pass over the data.
// Data read whole (IDX): every image's pixels and label, already in memory.

#include <string>
#include <vector>

#include "convstudio/data/image_set.h"
#include "data/file_index.h"

namespace convstudio {

std::string index_fingerprint(const FileIndex& index);

// `test` may be null (a data set without its own test split).
std::string images_fingerprint(const std::vector<std::string>& class_names, const ImageSet& train,
                               const ImageSet* test);

}  // namespace convstudio
