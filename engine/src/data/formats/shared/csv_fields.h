#pragma once
// Splitting one line of a labels list into its fields, for every format that reads such lists
// (the CSV list, a folder's labels sidecar): RFC 4180 quoting ("a,b" and "" for a quote inside),
// fields trimmed of spaces and tabs unless quoted. Quoted fields may not span lines.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace convstudio::formats {

// nullopt when a quote is left open.
std::optional<std::vector<std::string>> split_csv_fields(std::string_view line);

// `text` without leading and trailing spaces and tabs.
std::string trimmed_field(std::string_view text);

}  // namespace convstudio::formats
