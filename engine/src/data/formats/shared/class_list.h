#pragma once
// A segmentation data set's classes file, parsed without touching the disk (so it can be
// fuzzed): classes.txt holds one class per line, its name optionally followed by its colour as
// three numbers "r g b" (0-255; blank lines and lines starting with # skipped); classes.json is
// an array of {"name": "...", "colour": [r, g, b]} ("color" is read too). The class index is
// the position in the file. Every problem comes back at its line.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/data/class_colours.h"
#include "convstudio/result.h"

namespace convstudio::formats {

// The most classes a mask can hold: its bytes are 0..254, 255 marks ignored pixels.
inline constexpr std::size_t kMaxMaskClasses = 255;
// Longest line of classes.txt, in bytes.
inline constexpr std::size_t kMaxClassLineBytes = 4096;

struct ClassList {
  std::vector<std::string> names;
  std::vector<ClassColour> colours;  // one per class: named in the file, else the default
  // Some class's colour was written in the file: RGB masks are read by these colours.
  bool colours_named = false;
};

// The names a classes file may have in a data set's folder, in the order they are looked for.
inline constexpr const char* kClassFileNames[] = {"classes.txt", "classes.json"};

// Parses `text`, the contents of `file` (classes.json by its name, anything else as lines).
Result<ClassList> parse_class_list(std::string_view text, const std::string& file);

// The classes file in `folder` (classes.txt, else classes.json), read and parsed; nullopt when
// there is none; an error naming the file and line when it is bad.
Result<std::optional<ClassList>> read_class_list(const std::string& folder,
                                                 std::string* found_file = nullptr);

// "class 0", "class 1", …: the names of classes known only by their mask values.
std::string numbered_class_name(std::size_t index);

}  // namespace convstudio::formats
