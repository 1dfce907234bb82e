#include "version_command.h"

#include <QtGlobal>

#include <filesystem>
#include <system_error>

#include "convstudio/build_versions.h"
#include "exit_codes.h"

namespace convstudio::cli {
namespace {

// Whether the add-on is there, from its file alone: loading it (and LibTorch's CUDA half)
// takes longer than the rest of --version. `devices` loads it and says whether it works.
std::string cuda_line(const BuildVersions& build, bool addon_installed) {
  if (!build.cuda_built) return "not compiled in (CPU-only LibTorch)";
  if (!addon_installed) return "not installed (install convstudio-cuda)";
  return "installed (CUDA " + build.cuda +
         "); `convstudio-cli devices` loads it and lists the GPUs";
}

}  // namespace

int print_versions(std::ostream& out) {
  const BuildVersions build = build_versions();
  const std::string addon = cuda_addon_path();
  std::error_code error;
  const bool addon_installed = !addon.empty() && std::filesystem::exists(addon, error);
  const bool cuda_usable = build.cuda_built && addon_installed;
  out << "ConvStudio " << build.convstudio << "\n";
  out << "LibTorch " << build.libtorch << (cuda_usable ? " (CUDA-enabled)" : " (CPU-only)") << "\n";
  out << "CUDA support: " << cuda_line(build, addon_installed) << "\n";
  out << "cuDNN "
      << (cuda_usable ? "with the CUDA add-on (`devices` reports its version)" : "not compiled in")
      << "\n";
  out << "OpenCV " << build.opencv << "\n";
  out << "Qt " << qVersion() << " (built with " << QT_VERSION_STR << ")\n";
  return kExitOk;
}

}  // namespace convstudio::cli
