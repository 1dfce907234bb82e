#pragma once
// Writes that either happen completely or not at all, so a crash or a full disk mid-save never
// leaves a half-written checkpoint where a good one was. Files: a temporary sibling, fsync, then
// rename(2) over the target. Directories: filled as a temporary sibling, then swapped in.

#include <filesystem>
#include <functional>
#include <optional>
#include <string_view>

#include "convstudio/error.h"
#include "convstudio/result.h"

namespace convstudio {

// A file being written next to its target; only commit() makes it visible under the target's
// name. Destroyed uncommitted, it removes its temporary.
class AtomicFile {
 public:
  static Result<AtomicFile> create(const std::filesystem::path& target);

  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&& other) noexcept;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  std::optional<Error> write(std::string_view bytes);
  // Flushes the data to disk, renames it over the target and syncs the folder entry.
  std::optional<Error> commit();

 private:
  AtomicFile(std::filesystem::path target, std::filesystem::path temporary, int fd);
  void discard();

  std::filesystem::path target_;
  std::filesystem::path temporary_;
  int fd_ = -1;
  bool committed_ = false;
};

std::optional<Error> write_file_atomically(const std::filesystem::path& target,
                                           std::string_view bytes);

// Creates `target`'s replacement as a temporary sibling (NAME.tmp-XXXXXX), lets `fill` write
// into it, then puts it in place of `target` (an atomic exchange where the filesystem supports
// it; otherwise the old one is renamed aside first) and deletes the old one. If `fill` fails or
// throws, the temporary is removed and `target` is untouched.
using DirectoryFiller = std::function<std::optional<Error>(const std::filesystem::path&)>;
std::optional<Error> replace_directory_atomically(const std::filesystem::path& target,
                                                  const DirectoryFiller& fill);

}  // namespace convstudio
