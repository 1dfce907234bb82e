#pragma once
// What both segmentation formats (a folder of images/ and masks/, a CSV of image,mask rows) do
// once their pairs are listed: read every mask, check it has its image's size and holds only
// classes or the ignore label, count each class's pixels per file, and name the classes (the
// classes file's, else "class 0"… for the values found, coloured by default_class_colour).
// Masks are small next to their images and read once per scan; the index keeps the counts.

#include <cstdint>
#include <optional>
#include <string>

#include "convstudio/error.h"
#include "data/file_index.h"
#include "data/formats/shared/class_list.h"

namespace convstudio::formats {

// `index.files` each name their mask; `classes` comes from the data set's classes file (none:
// the values found are the classes). The first bad mask, in file order, is the error: it names
// the mask (and, for a list, the row that names it).
std::optional<Error> read_masks(FileIndex& index, const std::optional<ClassList>& classes,
                                std::int64_t ignore_label, const ScanProgress& progress);

// The index entry's place for messages: "" for a folder, " (row 12 of /data/list.csv)" for a
// listed file.
std::string listed_at(const FileIndex& index, const IndexedFile& file);

}  // namespace convstudio::formats
