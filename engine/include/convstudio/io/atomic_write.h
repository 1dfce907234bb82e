#pragma once
// Writes that either happen completely or not at all, so a crash or a full disk mid-save never
// leaves a half-written checkpoint where a good one was. Files: a temporary sibling, fsync, then
// rename(2) over the target. Directories: filled as a temporary sibling, then swapped in.

#include <filesystem>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

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

// What a write that kill -9 interrupted leaves in a folder, and what clean_interrupted_writes did
// with it.
struct InterruptedWrites {
  std::vector<std::filesystem::path> removed;    // stale NAME.tmp-XXXXXX and spare NAME.old-XXXXXX
  std::vector<std::filesystem::path> recovered;  // NAME put back from NAME.old-XXXXXX
};

// Tidies `folder` after a crash: temporaries of the writers above (NAME.tmp-XXXXXX) are removed;
// an old version moved aside (NAME.old-XXXXXX, left when the process died between the two
// renames of replace_directory_atomically) becomes NAME again when NAME is missing, and is
// removed otherwise. Only for folders no other process is writing into (a run's own folder).
InterruptedWrites clean_interrupted_writes(const std::filesystem::path& folder);

// Puts `target` back from its moved-aside copy (target.old-XXXXXX) when target is missing;
// true when it did. For one named checkpoint in a folder that may not be ours to clean.
bool recover_moved_aside(const std::filesystem::path& target);

}  // namespace convstudio
