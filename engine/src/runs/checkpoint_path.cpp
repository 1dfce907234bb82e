#include "convstudio/runs/checkpoint_path.h"

namespace convstudio {
namespace fs = std::filesystem;

fs::path checkpoint_folder(const fs::path& typed) {
  fs::path folder = typed.lexically_normal();
  // lexically_normal keeps one trailing separator ("a/b/"), whose filename() is empty: the path
  // would name the checkpoint's inside rather than the checkpoint.
  while (!folder.has_filename() && folder.has_relative_path()) folder = folder.parent_path();
  return folder;
}

fs::path checkpoint_run_folder(const fs::path& checkpoint) {
  const fs::path parent = checkpoint_folder(checkpoint).parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

}  // namespace convstudio
