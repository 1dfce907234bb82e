#include "convstudio/runs/run_folder_lock.h"

#include <cerrno>
#include <charconv>
#include <string>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

// Why flock(2) on a lock file, with the holder's process id written inside: the kernel drops a
// flock lock when the process holding it ends in any way (crash, kill -9, power loss), so a
// stale lock needs no cleaning and no guess whether an old process id is still alive (ids are
// reused); the id inside only names the holder in the message. flock rather than fcntl(2) record
// locks: those belong to the whole process (a probe from another thread of the studio would
// succeed while its own run holds the lock, and closing any descriptor of the file drops them),
// whereas a flock lock belongs to its open file, so threads and processes meet it alike.

namespace convstudio {
namespace fs = std::filesystem;

namespace {

std::string errno_text(int error) {
  return std::error_code(error, std::generic_category()).message();
}

// The id the holder wrote; 0 when it has not written it yet (it locks, then writes).
long written_process_id(int fd) {
  char text[32] = {};
  const ssize_t length = ::pread(fd, text, sizeof text - 1, 0);
  long id = 0;
  if (length > 0) std::from_chars(text, text + length, id);
  return id > 0 ? id : 0;
}

}  // namespace

Error RunFolderLock::in_use_error(const fs::path& folder, long holder) {
  const std::string who = holder > 0 ? "process " + std::to_string(holder) : "another process";
  return Error::in_file(folder.string(), "the run folder is in use by " + who +
                                             " (another run is training into it); wait for "
                                             "that run to end, or train into another folder");
}

Result<RunFolderLock> RunFolderLock::acquire(const fs::path& folder, bool* in_use) {
  std::error_code created;
  fs::create_directories(folder, created);
  if (created) {
    return Error::in_file(folder.string(), "cannot create the run folder: " + created.message());
  }
  const fs::path file = folder / kRunFolderLockFile;
  // Close-on-exec: a program the run starts must not keep the folder locked after the run ends.
  const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) {
    return Error::in_file(file.string(), "cannot open the run folder's lock: " + errno_text(errno));
  }
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    if (error == EINTR) continue;
    const long holder = error == EWOULDBLOCK ? written_process_id(fd) : 0;
    ::close(fd);
    if (error == EWOULDBLOCK) {
      if (in_use != nullptr) *in_use = true;
      return in_use_error(folder, holder);
    }
    return Error::in_file(file.string(), "cannot lock the run folder: " + errno_text(error));
  }
  const std::string id = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) != 0 ||
      ::pwrite(fd, id.data(), id.size(), 0) != static_cast<ssize_t>(id.size())) {
    const int error = errno;
    ::close(fd);
    return Error::in_file(file.string(),
                          "cannot write the run folder's lock: " + errno_text(error));
  }
  return RunFolderLock(fd);
}

std::optional<long> RunFolderLock::holder(const fs::path& folder) {
  const int fd = ::open((folder / kRunFolderLockFile).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;  // no run has locked it yet
  std::optional<long> holder;
  // A shared lock is granted unless a run holds the exclusive one; it is dropped at once.
  int locked;
  while ((locked = ::flock(fd, LOCK_SH | LOCK_NB)) != 0 && errno == EINTR) {
  }
  if (locked != 0 && errno == EWOULDBLOCK) holder = written_process_id(fd);
  ::close(fd);
  return holder;
}

RunFolderLock::RunFolderLock(RunFolderLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

RunFolderLock& RunFolderLock::operator=(RunFolderLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

RunFolderLock::~RunFolderLock() {
  // Closing the only descriptor of the open file releases the lock; the file stays, so a run
  // starting meanwhile never locks a file that is about to be unlinked.
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace convstudio
