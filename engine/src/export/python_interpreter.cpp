#include "export/python_interpreter.h"

#include <cstdlib>

namespace convstudio {

std::vector<std::string> python_candidates(const std::string& chosen) {
  if (!chosen.empty()) return {chosen};
  std::vector<std::string> candidates;
  if (const char* set = std::getenv("CONVSTUDIO_PYTHON"); set != nullptr && *set != '\0') {
    candidates.emplace_back(set);
  }
  candidates.emplace_back("python3");
  return candidates;
}

std::string python_to_use(const std::string& chosen) {
  return python_candidates(chosen).front();
}

}  // namespace convstudio
