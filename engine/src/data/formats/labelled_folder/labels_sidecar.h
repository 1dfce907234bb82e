#pragma once
// Parsing a labelled folder's labels file, without touching the disk (so it can
// be fuzzed): labels.csv and labels.txt hold one `file,label` line per image
// (CSV quoting; an optional header line such as `file,label`; blank lines
// skipped), labels.json one object of "file": "label" pairs (a label may be a
// whole number). Every entry carries its line, so each problem is reported at
// the line it is on.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "convstudio/error.h"
#include "data/formats/shared/bad_entries.h"

namespace convstudio::formats::labelled_folder {

// Longest line (labels.csv/.txt) or file name and label (labels.json) read, in
// bytes.
inline constexpr std::size_t kMaxSidecarLineBytes = 4096;

enum class SidecarSyntax { Lines, Json };

struct SidecarEntry {
  std::string file;  // relative to the folder, as written
  std::string label;
  std::int64_t line = 0;
};

// Called once per well-formed entry; returning false stops the parse (a
// cancelled scan).
using SidecarVisitor = std::function<bool(SidecarEntry&& entry)>;

// labels.json is read with json, anything else as lines.
SidecarSyntax sidecar_syntax(std::string_view file_name);

// Malformed lines (no comma, an empty field, an open quote, a line too long) go
// to `bad` and parsing goes on; JSON that is not one object of such pairs is
// returned as the error, at its line in `file` (the name used in messages).
std::optional<Error> parse_labels_sidecar(std::string_view text, SidecarSyntax syntax,
                                          const std::string& file, BadEntries& bad,
                                          const SidecarVisitor& visit);

}  // namespace convstudio::formats::labelled_folder
