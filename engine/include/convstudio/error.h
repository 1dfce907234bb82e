#pragma once
// One problem with its place, for every part of the engine: a reader (file and byte, or line and
// column, or JSON field), the graph (block and field), a setting ("training.device"), training,
// export and inference. The GUI points at the place; the CLI prints describe() as one line.

#include <cstdint>
#include <optional>
#include <string>

namespace convstudio {

// The place is whatever subset of the fields below is set; build one with the named constructors
// below. The four fields of a block's problem come first, as in the graph code's old ModelError.
struct Error {
  std::string block_id;    // "conv2"; empty when the problem is not a block's
  std::string block_type;  // "Conv2d"; empty when unknown or not a block's
  // A block's field ("params.kernel", "inputs[1]", "type"), "graph" for the whole graph, a JSON
  // field path inside `file` ("graph.blocks[3].params.kernel"), or a setting ("training.device").
  std::string field;
  std::string message;  // what is wrong, in the user's words, complete without the place
  std::string file;     // file or folder; empty when the problem is not a file's
  std::optional<std::uint64_t> offset;  // byte offset in `file` (decompressed), when known
  int line = 0;                         // 1-based line and column in `file`; 0 when unknown
  int column = 0;

  static Error in_file(std::string file, std::string message);
  static Error at_byte(std::string file, std::uint64_t offset, std::string message);
  static Error at_line(std::string file, int line, int column, std::string message);
  // `field` is a JSON path inside `file`; `file` may be empty for text not read from a file.
  static Error at_field(std::string file, std::string field, std::string message);
  static Error in_block(std::string block_id, std::string block_type, std::string field,
                        std::string message);
  static Error in_graph(std::string message);                         // field "graph"
  static Error in_setting(std::string setting, std::string message);  // "training.device"
  static Error without_place(std::string message);                    // internal failures only

  // One line, the place first: "model.safetensors (byte 8): ...", "model.convstudio:12:5: ...",
  // "model.convstudio: graph.blocks[3].type: ...", "conv1 (Conv2d): ...",
  // "training.device: ...", or just the message when there is no place.
  std::string describe() const;

  bool operator==(const Error&) const = default;
};

}  // namespace convstudio
