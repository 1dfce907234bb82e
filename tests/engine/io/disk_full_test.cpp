// A full disk during the writes every save goes through: the error names the file and the
// reason, and the file that was there stays whole, with no temporary left beside it.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "convstudio/io/atomic_write.h"
#include "file_bytes.h"
#include "file_size_limit.h"
#include "io/safetensors_io.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

std::size_t entries(const fs::path& folder) {
  return static_cast<std::size_t>(
      std::distance(fs::directory_iterator(folder), fs::directory_iterator()));
}

TEST(DiskFull, AtomicFileWriteFailsClearlyAndKeepsThePreviousFile) {
  const fs::path folder = testing::scratch_folder("disk_full_file");
  const fs::path target = folder / "notes.txt";
  ASSERT_FALSE(write_file_atomically(target, "the previous text\n"));

  std::optional<Error> error;
  {
    testing::FileSizeLimit limit(4096);
    error = write_file_atomically(target, std::string(64 * 1024, 'x'));
  }
  ASSERT_TRUE(error.has_value()) << "a write past the file-size limit reported success";
  EXPECT_EQ(error->file, target.string());
  EXPECT_NE(error->describe().find("too large"), std::string::npos) << error->describe();
  EXPECT_EQ(testing::file_bytes(target), "the previous text\n");
  EXPECT_EQ(entries(folder), 1u) << "the failed write left its temporary behind";
}

TEST(DiskFull, SafetensorsWriteFailsClearlyAndKeepsThePreviousWeights) {
  const fs::path folder = testing::scratch_folder("disk_full_safetensors");
  const fs::path target = folder / "weights.safetensors";
  SafetensorsContent small{{{"w", torch::ones({4})}}, {}};
  ASSERT_FALSE(write_safetensors(target, small));
  const std::string before = testing::file_bytes(target);

  SafetensorsContent big{{{"w", torch::zeros({64 * 1024})}}, {}};
  std::optional<Error> error;
  {
    testing::FileSizeLimit limit(16 * 1024);
    error = write_safetensors(target, big);
  }
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->describe().find("weights.safetensors"), std::string::npos) << error->describe();
  EXPECT_EQ(testing::file_bytes(target), before);
  EXPECT_EQ(entries(folder), 1u);
}

}  // namespace
}  // namespace convstudio
