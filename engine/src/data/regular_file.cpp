#include "data/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace convstudio {
namespace {

const char* kind_of_file(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISDIR(mode)) return "a folder";
  return "not a file";
}

}  // namespace

std::optional<std::string> not_regular_file_reason(mode_t mode) {
  if (S_ISREG(mode)) return std::nullopt;
  return std::string("is not a regular file (") + kind_of_file(mode) + ")";
}

Result<RegularFile> RegularFile::open(const std::string& path, LastLink last_link) {
  // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY |
                                                  (last_link == LastLink::Refuse ? O_NOFOLLOW : 0));
  if (descriptor < 0) {
    return Error::in_file(path, std::string("cannot be opened (") + std::strerror(errno) + ")");
  }
  struct stat status {};
  if (::fstat(descriptor, &status) != 0) {
    ::close(descriptor);
    return Error::in_file(path, "cannot be read");
  }
  if (auto reason = not_regular_file_reason(status.st_mode)) {
    ::close(descriptor);
    return Error::in_file(path, *reason);
  }
  // A regular file never blocks; reads go back to the ordinary mode all the same.
  ::fcntl(descriptor, F_SETFL, ::fcntl(descriptor, F_GETFL) & ~O_NONBLOCK);
  return RegularFile(descriptor, status);
}

RegularFile::RegularFile(int descriptor, const struct stat& status)
    : descriptor_(descriptor),
      size_(static_cast<std::int64_t>(status.st_size)),
      device_(status.st_dev),
      inode_(status.st_ino) {}

RegularFile::RegularFile(RegularFile&& other) noexcept
    : descriptor_(std::exchange(other.descriptor_, -1)),
      size_(other.size_),
      device_(other.device_),
      inode_(other.inode_) {}

RegularFile& RegularFile::operator=(RegularFile&& other) noexcept {
  if (this != &other) {
    if (descriptor_ >= 0) ::close(descriptor_);
    descriptor_ = std::exchange(other.descriptor_, -1);
    size_ = other.size_;
    device_ = other.device_;
    inode_ = other.inode_;
  }
  return *this;
}

bool RegularFile::is_file_of(const struct stat& status) const {
  return status.st_dev == device_ && status.st_ino == inode_;
}

RegularFile::~RegularFile() {
  if (descriptor_ >= 0) ::close(descriptor_);
}

std::int64_t RegularFile::read(void* buffer, std::size_t count) {
  auto* bytes = static_cast<char*>(buffer);
  std::size_t done = 0;
  while (done < count) {
    const ssize_t got = ::read(descriptor_, bytes + done, count - done);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return -1;
    if (got == 0) break;
    done += static_cast<std::size_t>(got);
  }
  return static_cast<std::int64_t>(done);
}

std::int64_t RegularFile::read_at(void* buffer, std::size_t count, std::uint64_t offset) {
  auto* bytes = static_cast<char*>(buffer);
  std::size_t done = 0;
  while (done < count) {
    const ssize_t got =
        ::pread(descriptor_, bytes + done, count - done, static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return -1;
    if (got == 0) break;
    done += static_cast<std::size_t>(got);
  }
  return static_cast<std::int64_t>(done);
}

}  // namespace convstudio
