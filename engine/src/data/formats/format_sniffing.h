#pragma once
// What the formats' sniffs ask of a path, written once: torch-free and cheap (a stat or a folder
// listing), and never an error: a path that cannot be read simply matches nothing.

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace convstudio::formats {

bool is_folder(const std::string& path);
bool is_regular_file(const std::string& path);
// The file name's extension in lower case, with its dot: ".csv"; "" for none.
std::string lower_extension(const std::string& path);
// Whether some entry of the folder has `part` in its name.
bool folder_has_name_containing(const std::string& folder, std::string_view part);
// The column names of a CSV file's first line, lower case, unquoted and trimmed (a cheap look,
// not the readers' full RFC 4180 split); empty when the file cannot be read.
std::vector<std::string> csv_header_names(const std::string& path);
// Whether `names` holds every one of `wanted`.
bool names_all(const std::vector<std::string>& names,
               std::initializer_list<std::string_view> wanted);

}  // namespace convstudio::formats
