#include "convstudio/io/atomic_write.h"

#include "scratch_folder.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <gtest/gtest.h>

#include <sys/stat.h>

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

// A saved file gets the permissions any program's new file gets: 0666 less the umask, so a
// user who keeps their work private (umask 077) does not find it world-readable.
TEST(AtomicWrite, WrittenFileHonoursTheUmask) {
  const fs::path folder = fresh_folder("umask");
  const mode_t previous = ::umask(027);
  const auto error = write_text(folder / "notes.txt", "x");
  const auto dir_error = replace_directory_atomically(
      folder / "run.ckpt", [](const fs::path& d) { return write_text(d / "a.txt", "a"); });
  ::umask(previous);
  ASSERT_FALSE(error.has_value());
  ASSERT_FALSE(dir_error.has_value());
  struct stat file_status {};
  ASSERT_EQ(::stat((folder / "notes.txt").c_str(), &file_status), 0);
  EXPECT_EQ(file_status.st_mode & 0777, 0640u);
  struct stat dir_status {};
  ASSERT_EQ(::stat((folder / "run.ckpt").c_str(), &dir_status), 0);
  EXPECT_EQ(dir_status.st_mode & 0777, 0750u);
}

// What kill -9 in the middle of a save leaves behind: a temporary that nothing else removes,
// and (on file systems without the one-step swap, killed between the two renames) the previous
// version moved aside as the only copy.
TEST(InterruptedWrites, StaleTemporariesAreRemoved) {
  const fs::path folder = fresh_folder("stale");
  ASSERT_FALSE(write_text(folder / "last.ckpt.tmp-Ab12Cd", "half").has_value());
  fs::create_directories(folder / "best.ckpt.tmp-x9Y8z7");
  ASSERT_FALSE(write_text(folder / "best.ckpt.tmp-x9Y8z7" / "state.json", "{").has_value());
  ASSERT_FALSE(write_text(folder / "metrics.csv", "kept").has_value());

  const InterruptedWrites found = clean_interrupted_writes(folder);
  EXPECT_EQ(found.removed.size(), 2u);
  EXPECT_TRUE(found.recovered.empty());
  EXPECT_FALSE(fs::exists(folder / "last.ckpt.tmp-Ab12Cd"));
  EXPECT_FALSE(fs::exists(folder / "best.ckpt.tmp-x9Y8z7"));
  EXPECT_EQ(read_text(folder / "metrics.csv"), "kept");
}

TEST(InterruptedWrites, OldCopyIsRecoveredWhenItIsTheOnlyOne) {
  const fs::path folder = fresh_folder("old_only");
  fs::create_directories(folder / "last.ckpt.old-Qw3rTy");
  ASSERT_FALSE(write_text(folder / "last.ckpt.old-Qw3rTy" / "state.json", "old").has_value());
  fs::create_directories(folder / "last.ckpt.tmp-Zx9cVb");  // the new one, maybe incomplete

  const InterruptedWrites found = clean_interrupted_writes(folder);
  ASSERT_EQ(found.recovered.size(), 1u);
  EXPECT_EQ(found.recovered.front(), folder / "last.ckpt");
  EXPECT_EQ(read_text(folder / "last.ckpt" / "state.json"), "old");
  EXPECT_TRUE(leftovers(folder, "last.ckpt").empty());
}

TEST(InterruptedWrites, OldCopyIsRemovedWhenTheNewOneIsInPlace) {
  const fs::path folder = fresh_folder("old_and_new");
  fs::create_directories(folder / "last.ckpt");
  ASSERT_FALSE(write_text(folder / "last.ckpt" / "state.json", "new").has_value());
  fs::create_directories(folder / "last.ckpt.old-Qw3rTy");
  ASSERT_FALSE(write_text(folder / "last.ckpt.old-Qw3rTy" / "state.json", "old").has_value());

  const InterruptedWrites found = clean_interrupted_writes(folder);
  EXPECT_TRUE(found.recovered.empty());
  EXPECT_EQ(read_text(folder / "last.ckpt" / "state.json"), "new");
  EXPECT_TRUE(leftovers(folder, "last.ckpt").empty());
}

TEST(InterruptedWrites, OneCheckpointIsRecoveredByName) {
  const fs::path folder = fresh_folder("by_name");
  fs::create_directories(folder / "last.ckpt.old-Qw3rTy");
  ASSERT_FALSE(write_text(folder / "last.ckpt.old-Qw3rTy" / "state.json", "old").has_value());
  EXPECT_TRUE(recover_moved_aside(folder / "last.ckpt"));
  EXPECT_EQ(read_text(folder / "last.ckpt" / "state.json"), "old");
  EXPECT_FALSE(recover_moved_aside(folder / "best.ckpt"));
}

}  // namespace
}  // namespace convstudio
