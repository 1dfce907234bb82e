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

QString runDevicesText(const TrainingSettings& settings) {
  const QString device = QString::fromStdString(settings.device);
  if (settings.processes <= 1) return device;
  const auto processes = static_cast<int>(settings.processes);
  const std::optional<DeviceChoice> choice = parse_device(settings.device);
  if (choice && choice->kind == DeviceChoice::Kind::Cuda) {
    return QCoreApplication::translate("DeviceText", "%1 GPUs (cuda:0–%2)")
        .arg(processes)
        .arg(processes - 1);
  }
  if (choice && choice->kind == DeviceChoice::Kind::Cpu) {
    return QCoreApplication::translate("DeviceText", "CPU × %1 processes").arg(processes);
  }
  return QCoreApplication::translate("DeviceText", "%1 × %2 processes").arg(device).arg(processes);
}

QString rankDeviceText(const TrainingSettings& settings, int rank) {
  const std::optional<DeviceChoice> choice = parse_device(settings.device);
  if (choice && choice->kind == DeviceChoice::Kind::Cuda)
    return QStringLiteral("cuda:%1").arg(rank);
  return QCoreApplication::translate("DeviceText", "CPU");
}

}  // namespace convstudio
