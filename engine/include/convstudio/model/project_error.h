#pragma once
// A problem reading or writing a project file, with its place in the file.

#include <string>

namespace convstudio {

// Where a project file is wrong: the JSON field path (e.g. "graph.blocks[3].params.kernel")
// and, for syntax errors, the 1-based line and column. Printed as one line by to_string().
struct ProjectError {
  std::string file;   // path of the file; empty when parsing text
  std::string field;  // JSON path; empty for syntax and file-system errors
  int line = 0;       // 1-based; 0 when not a syntax error
  int column = 0;     // 1-based; 0 when not a syntax error
  std::string message;

  // "model.convstudio:12:5: message" or "model.convstudio: graph.blocks[3].type: message".
  std::string to_string() const;
  bool operator==(const ProjectError&) const = default;
};

}  // namespace convstudio
