#pragma once
// What this build is made of, known when it was compiled: library versions and where the CUDA
// add-on would be. Torch-free and cheap, so `convstudio-cli --version` answers without loading
// LibTorch (system_info.h probes the devices, which needs it).

#include <string>

namespace convstudio {

struct BuildVersions {
  std::string convstudio;
  std::string commit;  // git commit at configure time ("…-dirty" with local changes), or "unknown"
  std::string libtorch;
  std::string opencv;
  bool cuda_built = false;  // built against a CUDA-enabled LibTorch (the add-on exists)
  std::string cuda;         // the CUDA version of that LibTorch; empty when CPU-only
};

BuildVersions build_versions();

// Where the CUDA add-on's plugin sits for the running program: lib/convstudio/ beside bin/,
// the same in the build tree and in the package. Empty when the program's path is unknown.
std::string cuda_addon_path();

}  // namespace convstudio
