// libFuzzer: a labelled folder's labels file (labels.csv/.txt lines and
// labels.json), parsed as the reader parses it before any file it names is
// looked at. Each input is read both ways; every entry must come with a name, a
// label and a line inside the text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "data/formats/labelled_folder/labels_sidecar.h"

namespace sidecar = convstudio::formats::labelled_folder;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto lines = static_cast<std::int64_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  for (const sidecar::SidecarSyntax syntax :
       {sidecar::SidecarSyntax::Lines, sidecar::SidecarSyntax::Json}) {
    convstudio::formats::BadEntries bad("labels", "line");
    auto error = sidecar::parse_labels_sidecar(
        text, syntax, "labels", bad, [&](sidecar::SidecarEntry&& entry) {
          if (entry.file.empty() || entry.label.empty() || entry.line < 1 || entry.line > lines) {
            std::abort();
          }
          return true;
        });
    if (error && (error->line < 1 || error->line > lines)) std::abort();
    (void)bad.error();
  }
  return 0;
}
