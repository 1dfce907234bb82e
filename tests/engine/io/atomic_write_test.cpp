#include "convstudio/io/atomic_write.h"

#include "scratch_folder.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <gtest/gtest.h>

namespace convstudio {
namespace {

namespace fs = std::filesystem;

fs::path fresh_folder(const std::string& name) {
  return testing::scratch_folder(name);
}

std::string read_text(const fs::path& file) {
  std::ifstream stream(file);
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

std::optional<Error> write_text(const fs::path& file, const std::string& text) {
  return write_file_atomically(file, text);
}

// Entries next to the target other than the target itself: leftovers of a failed write.
std::vector<std::string> leftovers(const fs::path& folder, const std::string& keep) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().filename() != keep) names.push_back(entry.path().filename().string());
  }
  return names;
}

TEST(AtomicWrite, FileIsReplacedWhole) {
  const fs::path folder = fresh_folder("file");
  const fs::path file = folder / "notes.txt";
  ASSERT_FALSE(write_text(file, "first").has_value());
  ASSERT_FALSE(write_text(file, "second").has_value());
  EXPECT_EQ(read_text(file), "second");
  EXPECT_TRUE(leftovers(folder, "notes.txt").empty());
}

TEST(AtomicWrite, UncommittedFileLeavesTheOldOneAndNoTemporary) {
  const fs::path folder = fresh_folder("uncommitted");
  const fs::path file = folder / "notes.txt";
  ASSERT_FALSE(write_text(file, "old").has_value());
  {
    auto pending = AtomicFile::create(file);
    ASSERT_TRUE(pending.ok());
    ASSERT_FALSE(pending.value().write("half of the new").has_value());
    // Dropped here without commit(), as when a write fails or throws midway.
  }
  EXPECT_EQ(read_text(file), "old");
  EXPECT_TRUE(leftovers(folder, "notes.txt").empty());
}

TEST(AtomicWrite, FailedDirectoryFillLeavesTheOldDirectory) {
  const fs::path folder = fresh_folder("dir_fail");
  const fs::path target = folder / "run.ckpt";
  ASSERT_FALSE(replace_directory_atomically(target, [](const fs::path& staging) {
                 return write_text(staging / "a.txt", "old a");
               }).has_value());

  auto error = replace_directory_atomically(target, [](const fs::path& staging) {
    EXPECT_FALSE(write_text(staging / "a.txt", "new a").has_value());
    return std::optional<Error>(Error::in_file("b.txt", "disk full (simulated)"));
  });
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->message, "disk full (simulated)");
  EXPECT_EQ(read_text(target / "a.txt"), "old a");
  EXPECT_TRUE(leftovers(folder, "run.ckpt").empty());
}

TEST(AtomicWrite, ThrowingDirectoryFillLeavesTheOldDirectory) {
  const fs::path folder = fresh_folder("dir_throw");
  const fs::path target = folder / "run.ckpt";
  ASSERT_FALSE(replace_directory_atomically(target, [](const fs::path& staging) {
                 return write_text(staging / "a.txt", "old a");
               }).has_value());
  auto error =
      replace_directory_atomically(target, [](const fs::path& staging) -> std::optional<Error> {
        EXPECT_FALSE(write_text(staging / "a.txt", "new a").has_value());
        throw std::runtime_error("serialiser crashed");
      });
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->message.find("serialiser crashed"), std::string::npos);
  EXPECT_EQ(read_text(target / "a.txt"), "old a");
  EXPECT_TRUE(leftovers(folder, "run.ckpt").empty());
}

TEST(AtomicWrite, DirectoryIsReplacedWholeAndTheOldOneRemoved) {
  const fs::path folder = fresh_folder("dir_replace");
  const fs::path target = folder / "run.ckpt";
  ASSERT_FALSE(replace_directory_atomically(target, [](const fs::path& staging) {
                 EXPECT_FALSE(write_text(staging / "old_only.txt", "x").has_value());
                 return write_text(staging / "a.txt", "old a");
               }).has_value());
  ASSERT_FALSE(replace_directory_atomically(target, [](const fs::path& staging) {
                 return write_text(staging / "a.txt", "new a");
               }).has_value());
  EXPECT_EQ(read_text(target / "a.txt"), "new a");
  EXPECT_FALSE(fs::exists(target / "old_only.txt"));
  EXPECT_TRUE(leftovers(folder, "run.ckpt").empty());
}

TEST(AtomicWrite, MissingParentFolderIsAnError) {
  auto error = write_text("/nonexistent-folder/notes.txt", "x");
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->file, "/nonexistent-folder/notes.txt");
}

}  // namespace
}  // namespace convstudio
