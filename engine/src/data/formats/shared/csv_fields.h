#pragma once
// Splitting one line of a labels list into its fields, for every format that reads such lists
// (the CSV list, a folder's labels sidecar): RFC 4180 quoting ("a,b" and "" for a quote inside),
// fields trimmed of spaces and tabs unless quoted. Quoted fields may not span lines.

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace convstudio::formats {

// nullopt when a quote is left open.
std::optional<std::vector<std::string>> split_csv_fields(std::string_view line);

// `text` without leading and trailing spaces and tabs.
std::string trimmed_field(std::string_view text);

// The next line of a list that is not blank, without its \r and, on line 1, the UTF-8 BOM;
// `number` counts every line read (for errors). False at the end of `in`.
bool next_list_line(std::istream& in, std::string& line, std::int64_t& number);

}  // namespace convstudio::formats
