#pragma once

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace convstudio::testing {

// An empty folder that belongs to the running test alone. ctest runs every test in its own
// process, two at a time, so a fixed name under the temp dir lets two tests overwrite each
// other's files; the process id and the test's full name keep them apart.
inline std::filesystem::path scratch_folder(std::string_view tag) {
  std::string name = "convstudio-" + std::to_string(::getpid());
  if (const auto* info = ::testing::UnitTest::GetInstance()->current_test_info()) {
    name += std::string("-") + info->test_suite_name() + "." + info->name();
  }
  name += "-";
  name += tag;
  std::replace(name.begin(), name.end(), '/', '_');  // parameterised test names hold '/'
  const auto folder = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

}  // namespace convstudio::testing
