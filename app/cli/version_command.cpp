#include "version_command.h"

#include <QtGlobal>

#include "convstudio/system_info.h"
#include "exit_codes.h"

namespace convstudio::cli {

int print_versions(std::ostream& out) {
  const BuildInfo build = build_info();
  const DeviceReport devices = probe_devices();
  out << "ConvStudio " << build.convstudio_version << "\n";
  out << "LibTorch " << build.libtorch_version
      << (build.cuda_compiled ? " (CUDA-enabled)" : " (CPU-only)") << "\n";
  if (build.cuda_compiled) {
    out << "CUDA " << build.cuda_compiled_version
        << " (compiled); runtime available: " << (devices.cuda_available ? "yes" : "no");
    if (!devices.cuda_available) out << " (" << devices.cuda_unavailable_reason << ")";
    out << "\n";
    out << "cuDNN " << (build.cudnn_version.empty() ? "not compiled in" : build.cudnn_version)
        << "\n";
  } else {
    out << "CUDA not compiled in\n";
    out << "cuDNN not compiled in\n";
  }
  out << "OpenCV " << build.opencv_version << "\n";
  out << "Qt " << qVersion() << " (built with " << QT_VERSION_STR << ")\n";
  return kExitOk;
}

}  // namespace convstudio::cli
