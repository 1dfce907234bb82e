#include "data/folder_boundary.h"

#include <sys/stat.h>

#include <climits>
#include <cstdlib>
#include <memory>

namespace convstudio {
namespace {

// realpath(3): the path with every link, `.` and `..` resolved; empty when it cannot be.
std::string resolved_path(const std::string& path) {
  std::unique_ptr<char, decltype(&std::free)> resolved(::realpath(path.c_str(), nullptr),
                                                       &std::free);
  return resolved ? std::string(resolved.get()) : std::string();
}

}  // namespace

FolderBoundary::FolderBoundary(const std::string& folder) : root_(resolved_path(folder)) {}

bool FolderBoundary::is_inside(const std::string& resolved) const {
  if (root_.empty() || resolved.empty()) return false;
  if (root_ == "/") return true;
  return resolved == root_ ||
         (resolved.size() > root_.size() && resolved.compare(0, root_.size(), root_) == 0 &&
          resolved[root_.size()] == '/');
}

bool FolderBoundary::contains(const std::string& path) {
  struct stat status {};
  if (::lstat(path.c_str(), &status) != 0) return false;
  // A link is judged by where it leads; any other file by the folder it sits in.
  if (S_ISLNK(status.st_mode)) return is_inside(resolved_path(path));
  const std::size_t slash = path.find_last_of('/');
  const std::string parent = slash == std::string::npos ? std::string(".")
                             : slash == 0               ? std::string("/")
                                                        : path.substr(0, slash);
  const auto known = folders_inside_.find(parent);
  if (known != folders_inside_.end()) return known->second;
  const bool inside = is_inside(resolved_path(parent));
  folders_inside_.emplace(parent, inside);
  return inside;
}

}  // namespace convstudio
