#include "convstudio/io/atomic_write.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace convstudio {
namespace fs = std::filesystem;

namespace {

std::string errno_text() {
  return std::error_code(errno, std::generic_category()).message();
}

Error error_at(const fs::path& file, const std::string& what) {
  return Error::in_file(file.string(), what + ": " + errno_text());
}

fs::path parent_of(const fs::path& target) {
  return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

// mkstemp/mkdtemp want a writable template that ends in XXXXXX.
std::vector<char> temporary_template(const fs::path& target, const char* infix) {
  std::string name = (parent_of(target) / target.filename()).string() + infix + "XXXXXX";
  return std::vector<char>(name.begin(), name.end() + 1);
}

// A rename is only durable once the folder holding the entry is synced.
std::optional<Error> sync_directory(const fs::path& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return error_at(dir, "cannot open the folder to sync it");
  const bool synced = ::fsync(fd) == 0;
  std::optional<Error> error;
  if (!synced) error = error_at(dir, "cannot sync the folder");
  ::close(fd);
  return error;
}

// umask(2) can only be read by setting it, which races with other threads creating files;
// Linux shows it in /proc/self/status (since 4.7), so read it there and swap only as a fallback.
mode_t current_umask() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("Umask:", 0) == 0)
      return static_cast<mode_t>(std::stoul(line.substr(6), nullptr, 8));
  }
  static std::mutex swapping;
  std::lock_guard lock(swapping);
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

// mkstemp and mkdtemp create private entries (0600, 0700); a saved file or folder gets the
// permissions any new one would: 0666 or 0777 less the umask.
constexpr mode_t kNewFileMode = 0666;
constexpr mode_t kNewFolderMode = 0777;

// NAME.tmp-XXXXXX or NAME.old-XXXXXX as made by temporary_template; NAME is returned.
std::optional<std::string> base_of_leftover(const std::string& name, std::string_view infix) {
  constexpr std::size_t kRandomChars = 6;
  const std::size_t length = infix.size() + kRandomChars;
  if (name.size() <= length) return std::nullopt;
  const std::size_t at = name.size() - length;
  if (name.compare(at, infix.size(), infix) != 0) return std::nullopt;
  for (std::size_t i = at + infix.size(); i < name.size(); ++i) {
    if (!std::isalnum(static_cast<unsigned char>(name[i]))) return std::nullopt;
  }
  return name.substr(0, at);
}

// A moved-aside copy worth recovering holds something: the folder was renamed aside whole; an
// empty one was only made to rename onto and the process died before it was used.
bool holds_something(const fs::path& entry) {
  std::error_code error;
  if (fs::is_directory(entry, error)) return !fs::is_empty(entry, error) && !error;
  return fs::is_regular_file(entry, error);
}

}  // namespace

AtomicFile::AtomicFile(fs::path target, fs::path temporary, int fd)
    : target_(std::move(target)), temporary_(std::move(temporary)), fd_(fd) {}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : target_(std::move(other.target_)),
      temporary_(std::move(other.temporary_)),
      fd_(std::exchange(other.fd_, -1)),
      committed_(std::exchange(other.committed_, true)) {}

AtomicFile& AtomicFile::operator=(AtomicFile&& other) noexcept {
  if (this != &other) {
    discard();
    target_ = std::move(other.target_);
    temporary_ = std::move(other.temporary_);
    fd_ = std::exchange(other.fd_, -1);
    committed_ = std::exchange(other.committed_, true);
  }
  return *this;
}

AtomicFile::~AtomicFile() {
  discard();
}

void AtomicFile::discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!committed_ && !temporary_.empty()) {
    std::error_code ignored;
    fs::remove(temporary_, ignored);
  }
  committed_ = true;
}

Result<AtomicFile> AtomicFile::create(const fs::path& target) {
  std::vector<char> name = temporary_template(target, ".tmp-");
  int fd = ::mkstemp(name.data());
  if (fd < 0) return error_at(target, "cannot create a temporary file next to it");
  return AtomicFile(target, fs::path(name.data()), fd);
}

std::optional<Error> AtomicFile::write(std::string_view bytes) {
  if (fd_ < 0) return Error::in_file(target_.string(), "file is already closed");
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd_, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return error_at(target_, "cannot write");
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return std::nullopt;
}

std::optional<Error> AtomicFile::commit() {
  if (fd_ < 0) return Error::in_file(target_.string(), "file is already closed");
  if (::fchmod(fd_, kNewFileMode & ~current_umask()) != 0) {
    return error_at(target_, "cannot set the permissions of the temporary file");
  }
  if (::fsync(fd_) != 0) return error_at(target_, "cannot flush to disk");
  const int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0) return error_at(target_, "cannot close");
  if (::rename(temporary_.c_str(), target_.c_str()) != 0) {
    return error_at(target_, "cannot rename the temporary file into place");
  }
  committed_ = true;
  return sync_directory(parent_of(target_));
}

std::optional<Error> write_file_atomically(const fs::path& target, std::string_view bytes) {
  auto file = AtomicFile::create(target);
  if (!file) return file.error();
  if (auto error = file.value().write(bytes)) return error;
  return file.value().commit();
}

std::optional<Error> replace_directory_atomically(const fs::path& target,
                                                  const DirectoryFiller& fill) {
  std::vector<char> name = temporary_template(target, ".tmp-");
  if (!::mkdtemp(name.data()))
    return error_at(target, "cannot create a temporary folder next to it");
  const fs::path staging(name.data());
  auto abandon = [&](Error error) -> std::optional<Error> {
    std::error_code ignored;
    fs::remove_all(staging, ignored);
    return error;
  };

  std::optional<Error> filled;
  try {
    filled = fill(staging);
  } catch (const std::exception& exception) {
    filled = Error::in_file(target.string(), std::string("writing failed: ") + exception.what());
  }
  if (filled) return abandon(*filled);
  if (::chmod(staging.c_str(), kNewFolderMode & ~current_umask()) != 0) {
    return abandon(error_at(target, "cannot set the permissions of the new folder"));
  }
  if (auto error = sync_directory(staging)) return abandon(*error);

  const fs::path parent = parent_of(target);
  std::error_code exists_error;
  if (!fs::exists(target, exists_error)) {
    if (::rename(staging.c_str(), target.c_str()) != 0) {
      return abandon(error_at(target, "cannot rename the new folder into place"));
    }
    return sync_directory(parent);
  }

  // Swap both names in one step, so that some complete version exists at every instant.
  if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0) {
    auto synced = sync_directory(parent);
    std::error_code ignored;
    fs::remove_all(staging, ignored);  // now holds the old version
    return synced;
  }
  if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP) {
    return abandon(error_at(target, "cannot swap the new folder into place"));
  }

  // No exchange on this filesystem: move the old one aside (rename onto an empty folder is
  // allowed), move the new one in, and put the old one back if that fails.
  std::vector<char> aside_name = temporary_template(target, ".old-");
  if (!::mkdtemp(aside_name.data())) {
    return abandon(error_at(target, "cannot create a folder to move the old version to"));
  }
  const fs::path aside(aside_name.data());
  if (::rename(target.c_str(), aside.c_str()) != 0) {
    auto error = error_at(target, "cannot move the old version aside");
    std::error_code ignored;
    fs::remove(aside, ignored);
    return abandon(error);
  }
  if (::rename(staging.c_str(), target.c_str()) != 0) {
    auto error = error_at(target, "cannot rename the new folder into place");
    ::rename(aside.c_str(), target.c_str());
    return abandon(error);
  }
  auto synced = sync_directory(parent);
  std::error_code ignored;
  fs::remove_all(aside, ignored);
  return synced;
}

bool recover_moved_aside(const fs::path& target) {
  std::error_code error;
  if (fs::exists(target, error) || error) return false;
  const fs::path parent = parent_of(target);
  const std::string name = target.filename().string();
  std::optional<fs::path> newest;
  fs::file_time_type newest_time;
  for (const auto& entry : fs::directory_iterator(parent, error)) {
    const auto base = base_of_leftover(entry.path().filename().string(), ".old-");
    if (!base || *base != name || !holds_something(entry.path())) continue;
    const auto time = fs::last_write_time(entry.path(), error);
    if (!newest || time > newest_time) {
      newest = entry.path();
      newest_time = time;
    }
  }
  if (!newest || ::rename(newest->c_str(), target.c_str()) != 0) return false;
  sync_directory(parent);
  return true;
}

InterruptedWrites clean_interrupted_writes(const fs::path& folder) {
  InterruptedWrites done;
  std::vector<fs::path> temporaries;
  std::vector<std::pair<fs::path, std::string>> set_aside;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(folder, error)) {
    const std::string name = entry.path().filename().string();
    if (base_of_leftover(name, ".tmp-")) temporaries.push_back(entry.path());
    if (auto base = base_of_leftover(name, ".old-")) set_aside.emplace_back(entry.path(), *base);
  }
  for (const auto& [aside, base] : set_aside) {
    if (recover_moved_aside(folder / base)) done.recovered.push_back(folder / base);
  }
  for (const auto& [aside, base] : set_aside) {
    if (fs::exists(aside, error) && fs::remove_all(aside, error) > 0) done.removed.push_back(aside);
  }
  for (const fs::path& temporary : temporaries) {
    if (fs::remove_all(temporary, error) > 0) done.removed.push_back(temporary);
  }
  if (!done.removed.empty() || !done.recovered.empty()) sync_directory(folder);
  return done;
}

}  // namespace convstudio
