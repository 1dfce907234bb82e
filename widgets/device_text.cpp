#include "device_text.h"

#include <QCoreApplication>

namespace convstudio {

QString cudaUnavailableText(const DeviceReport& devices) {
  switch (devices.cuda_unavailable) {
    case CudaUnavailable::kNone:
      return {};
    case CudaUnavailable::kCpuOnlyBuild:
      return QCoreApplication::translate("DeviceText",
                                         "this LibTorch build is CPU-only (no CUDA compiled in)");
    case CudaUnavailable::kNotInstalled:
      return QCoreApplication::translate(
          "DeviceText", "CUDA support is not installed (install the convstudio-cuda package)");
    case CudaUnavailable::kCannotLoad:
      return QCoreApplication::translate("DeviceText",
                                         "CUDA support is installed but cannot be loaded: %1")
          .arg(QString::fromStdString(devices.cuda_unavailable_reason));
    case CudaUnavailable::kNoDriver:
      return QCoreApplication::translate("DeviceText",
                                         "no NVIDIA driver found (libcuda.so.1 cannot be loaded)");
    case CudaUnavailable::kNoDevice:
      return QCoreApplication::translate("DeviceText",
                                         "the NVIDIA driver is loaded but sees no CUDA device");
    case CudaUnavailable::kRuntimeError:
      return QCoreApplication::translate("DeviceText", "the CUDA runtime reports an error: %1")
          .arg(QString::fromStdString(devices.cuda_unavailable_reason));
  }
  return QString::fromStdString(devices.cuda_unavailable_reason);
}

}  // namespace convstudio
