#pragma once
// Where file indexes are cached and how: one binary file per indexed folder (or CSV file) in
// the user's cache folder, $XDG_CACHE_HOME/convstudio/datasets (default ~/.cache/...), named by
// a hash of the folder's absolute path. The user's cache rather than beside the data: data
// folders are often read-only or shared, and an index there would show up in their listing.

#include <filesystem>
#include <optional>
#include <string>

#include "data/file_index.h"

namespace convstudio {

std::filesystem::path index_cache_folder();  // empty when neither XDG_CACHE_HOME nor HOME is set
std::filesystem::path index_cache_file(const std::string& source);

// The index cached in `file` for `source`, or nullopt when there is none or it is unreadable,
// of another version or of another folder (nothing is trusted that does not check out).
std::optional<FileIndex> load_cached_index(const std::filesystem::path& file,
                                           const std::string& source);

// Writes `index` to `file` atomically; the reason when it cannot.
std::optional<std::string> save_index(const FileIndex& index, const std::filesystem::path& file);

}  // namespace convstudio
