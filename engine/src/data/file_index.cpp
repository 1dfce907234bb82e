#include "data/file_index.h"

#include <dirent.h>
#include <sys/stat.h>

#include <chrono>
#include <cstring>
#include <memory>

namespace convstudio {
namespace {

// Closer to the scan than this, a change may share the folder's timestamp.
constexpr std::int64_t kTimestampMarginNs = 2'000'000'000;

}  // namespace

std::string FileIndex::full_path(const IndexedFile& file) const {
  if (!file.path.empty() && file.path.front() == '/') return file.path;
  return root + '/' + file.path;
}

std::string FileIndex::full_mask_path(const IndexedFile& file) const {
  if (!file.mask.empty() && file.mask.front() == '/') return file.mask;
  return root + '/' + file.mask;
}

std::int64_t FileIndex::total_bytes() const {
  std::int64_t total = 0;
  for (const IndexedFile& file : files) total += file.bytes;
  return total;
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::int64_t modified_ns(const std::string& path, std::int64_t* size, unsigned* mode) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) return -1;
  if (size != nullptr) *size = static_cast<std::int64_t>(status.st_size);
  if (mode != nullptr) *mode = status.st_mode;
  return static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1'000'000'000 + status.st_mtim.tv_nsec;
}

std::int64_t count_entries(const std::string& folder) {
  std::unique_ptr<DIR, int (*)(DIR*)> dir(::opendir(folder.c_str()), &::closedir);
  if (!dir) return -1;
  std::int64_t count = 0;
  while (const dirent* entry = ::readdir(dir.get())) {
    if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0) ++count;
  }
  return count;
}

bool index_is_current(const FileIndex& index) {
  for (const FolderStamp& stamp : index.stamps) {
    std::int64_t size = 0;
    unsigned mode = 0;
    if (modified_ns(stamp.path, &size, &mode) != stamp.modified_ns) return false;
    // A list's file (a CSV, a labels file) is stamped with its size, a folder with its entries.
    if ((S_ISREG(mode) ? size : count_entries(stamp.path)) != stamp.entries) return false;
  }
  return !index.stamps.empty();
}

bool index_is_stable(const FileIndex& index) {
  for (const FolderStamp& stamp : index.stamps) {
    if (stamp.modified_ns > index.scanned_ns - kTimestampMarginNs) return false;
  }
  return true;
}

}  // namespace convstudio
