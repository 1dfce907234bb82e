#pragma once
// One line per graph problem on the error stream: `error: <block id> (<type>): <message>`.

#include <ostream>
#include <vector>

#include "convstudio/model/model_error.h"

namespace convstudio::cli {

inline void print_model_errors(const std::vector<ModelError>& errors, std::ostream& out) {
  for (const ModelError& error : errors) {
    out << "error: " << (error.block_id.empty() ? std::string("graph") : error.block_id) << " ("
        << (error.block_type.empty() ? std::string("graph") : error.block_type)
        << "): " << error.message << "\n";
  }
}

}  // namespace convstudio::cli
