// libFuzzer: a segmentation data set's classes file (classes.txt lines and classes.json), parsed
// as the readers parse it before any mask is read. Each input is read both ways; a list has at
// least one class and at most 255, unique names, a colour per class; an error at a line names a
// line inside the text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "data/formats/shared/class_list.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
  for (const char* file : {"classes.txt", "classes.json"}) {
    const auto list = convstudio::formats::parse_class_list(text, file);
    if (!list) {
      if (list.error().line < 0 || list.error().line > lines) std::abort();
      continue;
    }
    const auto& names = list.value().names;
    if (names.empty() || names.size() > convstudio::formats::kMaxMaskClasses) std::abort();
    if (list.value().colours.size() != names.size()) std::abort();
    if (std::set<std::string>(names.begin(), names.end()).size() != names.size()) std::abort();
  }
  return 0;
}
