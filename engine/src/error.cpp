#include "convstudio/error.h"

#include <utility>

namespace convstudio {

Error Error::in_file(std::string file, std::string message) {
  Error error;
  error.file = std::move(file);
  error.message = std::move(message);
  return error;
}

Error Error::at_byte(std::string file, std::uint64_t offset, std::string message) {
  Error error = in_file(std::move(file), std::move(message));
  error.offset = offset;
  return error;
}

Error Error::at_line(std::string file, int line, int column, std::string message) {
  Error error = in_file(std::move(file), std::move(message));
  error.line = line;
  error.column = column;
  return error;
}

Error Error::at_field(std::string file, std::string field, std::string message) {
  Error error = in_file(std::move(file), std::move(message));
  error.field = std::move(field);
  return error;
}

Error Error::in_block(std::string block_id, std::string block_type, std::string field,
                      std::string message) {
  Error error;
  error.block_id = std::move(block_id);
  error.block_type = std::move(block_type);
  error.field = std::move(field);
  error.message = std::move(message);
  return error;
}

Error Error::in_graph(std::string message) {
  return in_block({}, {}, "graph", std::move(message));
}

Error Error::in_setting(std::string setting, std::string message) {
  return in_block({}, {}, std::move(setting), std::move(message));
}

Error Error::without_place(std::string message) {
  return in_block({}, {}, {}, std::move(message));
}

std::string Error::describe() const {
  std::string place = file;
  if (line > 0) {
    place += (place.empty() ? "line " : ":") + std::to_string(line) + ":" + std::to_string(column);
  }
  if (offset) {
    const std::string byte = "byte " + std::to_string(*offset);
    place += place.empty() ? byte : " (" + byte + ")";
  }
  auto append = [&place](const std::string& part) { place += (place.empty() ? "" : ": ") + part; };
  if (!block_id.empty() || !block_type.empty()) {
    append((block_id.empty() ? std::string("graph") : block_id) + " (" +
           (block_type.empty() ? std::string("graph") : block_type) + ")");
  } else if (!field.empty() && line == 0) {
    append(field);  // a syntax error's line says more than the field it broke
  }
  return place.empty() ? message : place + ": " + message;
}

}  // namespace convstudio
