#include "version_command.h"

#include <QtGlobal>

#include "convstudio/system_info.h"
#include "cuda_support_line.h"
#include "exit_codes.h"

namespace convstudio::cli {

int print_versions(std::ostream& out) {
  const BuildInfo build = build_info();
  const DeviceReport devices = probe_devices();
  out << "ConvStudio " << build.convstudio_version << "\n";
  out << "LibTorch " << build.libtorch_version
      << (build.cuda_compiled ? " (CUDA-enabled)" : " (CPU-only)") << "\n";
  out << cuda_support_line(build, devices) << "\n";
  out << "cuDNN " << (build.cudnn_version.empty() ? "not compiled in" : build.cudnn_version)
      << "\n";
  out << "OpenCV " << build.opencv_version << "\n";
  out << "Qt " << qVersion() << " (built with " << QT_VERSION_STR << ")\n";
  return kExitOk;
}

}  // namespace convstudio::cli
