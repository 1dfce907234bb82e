#pragma once
// One run at a time in a run folder: every run (CLI train, resume, sweep and queue runs, the
// studio's) holds its folder's lock while it writes there, so a second run into the same folder
// is refused by name instead of tearing the first one's checkpoint and metrics.

#include <filesystem>
#include <optional>

#include "convstudio/result.h"

namespace convstudio {

// The file inside a run folder that carries the lock and the holder's process id.
inline constexpr char kRunFolderLockFile[] = "run.lock";

// The lock of one run folder, held from acquire() until destroyed (or the process ends).
class RunFolderLock {
 public:
  // Takes the lock of `folder` (created if missing), or says which process holds it: an Error
  // naming the folder, "in use by process N", and `*in_use` set when given. A lock left by a
  // process that died is free again: it is simply taken.
  static Result<RunFolderLock> acquire(const std::filesystem::path& folder, bool* in_use = nullptr);
  // The id of the live process holding the lock of `folder`, if one does (0 when it has not
  // written its id yet); takes nothing.
  static std::optional<long> holder(const std::filesystem::path& folder);
  // The message acquire() gives for a folder that `holder` is training into.
  static Error in_use_error(const std::filesystem::path& folder, long holder);

  RunFolderLock(RunFolderLock&& other) noexcept;
  RunFolderLock& operator=(RunFolderLock&& other) noexcept;
  RunFolderLock(const RunFolderLock&) = delete;
  RunFolderLock& operator=(const RunFolderLock&) = delete;
  ~RunFolderLock();

 private:
  explicit RunFolderLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace convstudio
