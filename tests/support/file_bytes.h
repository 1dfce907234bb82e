#pragma once
// A whole file's bytes, for tests that check a file stayed (or became) exactly what it should.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace convstudio::testing {

inline std::string file_bytes(const std::filesystem::path& file) {
  std::ifstream stream(file, std::ios::binary);
  std::ostringstream bytes;
  bytes << stream.rdbuf();
  return bytes.str();
}

}  // namespace convstudio::testing
