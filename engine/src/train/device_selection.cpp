#include "device_selection.h"

#include "convstudio/system_info.h"

namespace convstudio {
namespace {

Error device_error(std::string message) {
  return Error::in_setting("training.device", std::move(message));
}

}  // namespace

DeviceSelection select_device(const std::string& text) {
  DeviceSelection selection;
  if (text == "cpu") return selection;
  const bool cuda_available = torch::cuda::is_available();
  if (text == "auto") {
    if (cuda_available) selection.device = torch::Device(torch::kCUDA, 0);
    return selection;
  }
  int index = 0;
  if (text.rfind("cuda:", 0) == 0) {
    try {
      std::size_t used = 0;
      index = std::stoi(text.substr(5), &used);
      if (used != text.size() - 5 || index < 0) throw std::invalid_argument(text);
    } catch (const std::exception&) {
      selection.error = device_error("device '" + text + "' is not cpu, auto, cuda or cuda:K");
      return selection;
    }
  } else if (text != "cuda") {
    selection.error = device_error("device '" + text + "' is not cpu, auto, cuda or cuda:K");
    return selection;
  }
  if (!cuda_available) {
    selection.error = device_error("device " + text + " requested, but CUDA is not available: " +
                                   probe_devices().cuda_unavailable_reason);
    return selection;
  }
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
