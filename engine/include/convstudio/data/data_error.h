#pragma once
// A problem with the user's data, with its place: the file (or folder) and, where it helps,
// the byte offset or the line inside it, so the GUI can point at the file and the CLI print
// one line.

#include <cstdint>
#include <string>

namespace convstudio {

struct DataError {
  std::string file;          // file or folder the problem is in; empty when none applies
  std::int64_t offset = -1;  // byte offset in the (decompressed) file; -1 when none applies
  std::string message;       // what is wrong, in the user's words
  std::int64_t line = -1;    // 1-based line of a text file (a CSV row); -1 when none applies

  // "file: line 7: message" or "file: offset 16: message", leaving out what is not set.
  std::string to_string() const;
};

}  // namespace convstudio
