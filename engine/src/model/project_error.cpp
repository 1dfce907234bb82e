#include "convstudio/model/project_error.h"

namespace convstudio {

std::string ProjectError::to_string() const {
  std::string text = file.empty() ? std::string("<project>") : file;
  if (line > 0) {
    text += ":" + std::to_string(line) + ":" + std::to_string(column);
  } else if (!field.empty()) {
    text += ": " + field;
  }
  return text + ": " + message;
}

}  // namespace convstudio
