#include "convstudio/build_versions.h"

#include <filesystem>
#include <system_error>

namespace convstudio {

BuildVersions build_versions() {
  BuildVersions versions;
  versions.convstudio = CONVSTUDIO_VERSION;
  versions.commit = CONVSTUDIO_GIT_COMMIT;
  versions.libtorch = CONVSTUDIO_LIBTORCH_VERSION;
  versions.opencv = CONVSTUDIO_OPENCV_VERSION;
  versions.cuda = CONVSTUDIO_CUDA_VERSION;
  versions.cuda_built = !versions.cuda.empty();
  return versions;
}

std::string cuda_addon_path() {
  std::error_code error;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  // bin/../lib -> lib, so messages show the plain path.
  return (program.parent_path() / CONVSTUDIO_CUDA_PLUGIN).lexically_normal().string();
}

}  // namespace convstudio
