#pragma once
// Opening a data file named by a folder listing or a CSV row without trusting what the name
// points at: opened for reading, a FIFO blocks until some writer comes (forever, with no
// message) and a device may never end. The file is opened without blocking and checked to be a
// regular file before a byte is read; anything else is an error naming the file and its kind.

#include <sys/stat.h>
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "convstudio/result.h"

namespace convstudio {

class RegularFile {
 public:
  // Whether a symbolic link as the last part of the name is followed, or refused (a reader
  // that resolved the name itself and checked where it leads).
  enum class LastLink { Follow, Refuse };

  // The open file, or an error naming `path`: missing, unreadable, or "is not a regular file
  // (a FIFO)".
  static Result<RegularFile> open(const std::string& path, LastLink last_link = LastLink::Follow);

  RegularFile(RegularFile&& other) noexcept;
  RegularFile& operator=(RegularFile&& other) noexcept;
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;
  ~RegularFile();

  std::int64_t size() const { return size_; }
  // Up to `count` bytes from the current position: fewer only at the end of the file; -1 when
  // reading fails.
  std::int64_t read(void* buffer, std::size_t count);
  // The same from byte `offset`, leaving the current position where it is.
  std::int64_t read_at(void* buffer, std::size_t count, std::uint64_t offset);
  // Whether `status` (a stat of a name, taken earlier) describes this very file.
  bool is_file_of(const struct stat& status) const;

 private:
  RegularFile(int descriptor, const struct stat& status);

  int descriptor_ = -1;
  std::int64_t size_ = 0;
  dev_t device_ = 0;
  ino_t inode_ = 0;
};

// "is not a regular file (a FIFO)" for a stat mode that is not a regular file; nullopt for one
// that is. For the readers that stat a name before deciding to use it (the CSV list's rows).
std::optional<std::string> not_regular_file_reason(mode_t mode);

}  // namespace convstudio
