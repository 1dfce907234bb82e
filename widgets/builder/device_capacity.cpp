#include "device_capacity.h"

#include <QCoreApplication>

#include "convstudio/model/training_settings.h"

#include <unistd.h>

namespace convstudio {

std::uint64_t physicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || pageSize <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
}

DeviceCapacity deviceCapacity(const DeviceReport& devices, const std::string& device) {
  const std::optional<DeviceChoice> choice = parse_device(device);
  if (choice && choice->uses_cuda(devices.cuda_available) && devices.cuda_available) {
    const int index = choice->cuda_index();
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
