#pragma once
// Whether the files a CSV list names lie inside the list's own folder, the README's promise
// ("paths relative to the CSV's folder"), judged after following symbolic links: a list from
// someone else must not reach ../../home/u/.ssh, /etc, or a link in its folder pointing there.
// Each folder is resolved once, so a list of 100,000 rows in a few folders costs one lstat per
// row (and a realpath per row only for rows that are links).

#include <string>
#include <unordered_map>

namespace convstudio {

class FolderBoundary {
 public:
  // `folder` is resolved once (symbolic links followed); an unresolvable folder contains nothing.
  explicit FolderBoundary(const std::string& folder);

  // Whether the existing file `path` (absolute) resolves to a place inside the folder.
  bool contains(const std::string& path);

 private:
  bool is_inside(const std::string& resolved) const;

  std::string root_;  // resolved, no trailing slash; empty when the folder could not be resolved
  std::unordered_map<std::string, bool> folders_inside_;  // parent folder as named -> inside
};

}  // namespace convstudio
