#include "device_selection.h"

#include "convstudio/model/training_settings.h"
#include "convstudio/system_info.h"

namespace convstudio {
namespace {

Error device_error(std::string message) {
  return Error::in_setting("training.device", std::move(message));
}

}  // namespace

DeviceSelection select_device(const std::string& text) {
  DeviceSelection selection;
  // The project file's rule (parse_device), so a setting the file refuses is refused here too.
  const std::optional<DeviceChoice> choice = parse_device(text);
  if (!choice) {
    selection.error = device_error("device '" + text + "' is not cpu, auto, cuda or cuda:K");
    return selection;
  }
  if (choice->kind == DeviceChoice::Kind::Cpu) return selection;
  const bool cuda_available = torch::cuda::is_available();
  if (choice->kind == DeviceChoice::Kind::Auto) {
    if (cuda_available) selection.device = torch::Device(torch::kCUDA, 0);
    return selection;
  }
  if (!cuda_available) {
    selection.error = device_error("device " + text + " requested, but CUDA is not available: " +
                                   probe_devices().cuda_unavailable_reason);
    return selection;
  }
  const int index = choice->cuda_index();
  const int count = static_cast<int>(torch::cuda::device_count());
  if (index >= count) {
    selection.error =
        device_error("device cuda:" + std::to_string(index) + " requested, but only " +
                     std::to_string(count) + " CUDA device(s) are present");
    return selection;
  }
  selection.device = torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
  return selection;
}

}  // namespace convstudio
