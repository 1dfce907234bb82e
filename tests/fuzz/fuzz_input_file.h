#pragma once
// For readers that take a path (IDX, CSV): the fuzzer's bytes written to one scratch file per
// process, in /dev/shm when it exists so each input costs no disk write.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace convstudio::fuzz {

inline std::filesystem::path scratch_folder() {
  static const std::filesystem::path folder = [] {
    const std::filesystem::path base =
        std::filesystem::exists("/dev/shm") ? "/dev/shm" : std::filesystem::temp_directory_path();
    auto dir = base / ("convstudio-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir;
  }();
  return folder;
}

inline std::string write_input(const std::string& name, const std::uint8_t* data,
                               std::size_t size) {
  const auto path = scratch_folder() / name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path.string();
}

}  // namespace convstudio::fuzz
