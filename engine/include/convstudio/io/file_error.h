#pragma once
// A problem with a file, told with its place: the UI can point at the file and the CLI can print
// one line per problem. Used by checkpoints and the safetensors reader.

#include <cstdint>
#include <optional>
#include <string>

namespace convstudio {

struct FileError {
  std::string file;                     // the path (or the name inside a checkpoint)
  std::optional<std::uint64_t> offset;  // byte offset of the problem, when it has one
  std::string message;

  // One line: "model.safetensors (byte 8): header is not valid JSON: ...".
  std::string describe() const {
    std::string line = file;
    if (offset) line += " (byte " + std::to_string(*offset) + ")";
    return line + ": " + message;
  }
};

}  // namespace convstudio
