#pragma once
// One line per graph problem on the error stream: `error: <block id> (<type>): <message>`. For a
// block this is Error::describe(); problems of the whole graph keep the `graph (graph)` form the
// README promises, so every line has the same shape.

#include <ostream>
#include <vector>

#include "convstudio/error.h"

namespace convstudio::cli {

inline void print_model_errors(const std::vector<Error>& errors, std::ostream& out) {
  for (const Error& error : errors) {
    out << "error: " << (error.block_id.empty() ? std::string("graph") : error.block_id) << " ("
        << (error.block_type.empty() ? std::string("graph") : error.block_type)
        << "): " << error.message << "\n";
  }
}

}  // namespace convstudio::cli
