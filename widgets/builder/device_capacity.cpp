#include "device_capacity.h"

#include <QCoreApplication>

#include <unistd.h>

namespace convstudio {

std::uint64_t physicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || pageSize <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
}

DeviceCapacity deviceCapacity(const DeviceReport& devices, const std::string& device) {
  int index = -1;
  if (device == "cuda" || (device == "auto" && devices.cuda_available)) {
    index = 0;
  } else if (device.starts_with("cuda:")) {
    index = std::atoi(device.c_str() + 5);
  }
  if (index >= 0 && devices.cuda_available) {
    for (const CudaDevice& d : devices.cuda_devices) {
      if (d.index == index) {
        return {QStringLiteral("cuda:%1 %2").arg(index).arg(QString::fromStdString(d.name)),
                d.total_memory_bytes};
      }
    }
  }
  return {QCoreApplication::translate("DeviceCapacity", "CPU"), physicalMemoryBytes()};
}

}  // namespace convstudio
