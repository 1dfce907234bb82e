#include "convstudio/data/data_error.h"

namespace convstudio {

std::string DataError::to_string() const {
  std::string text = file;
  if (line >= 0) text += (text.empty() ? "" : ": ") + std::string("line ") + std::to_string(line);
  if (offset >= 0)
    text += (text.empty() ? "" : ": ") + std::string("offset ") + std::to_string(offset);
  if (!text.empty()) text += ": ";
  return text + message;
}

}  // namespace convstudio
