#pragma once
// Device facts in the user's language (the engine's own sentences are English).

#include <QString>

#include "convstudio/model/training_settings.h"
#include "convstudio/system_info.h"

namespace convstudio {

// Why CUDA cannot be used, translated; the runtime's own error text is kept verbatim.
QString cudaUnavailableText(const DeviceReport& devices);

// What a run trains on, as the progress view says it: "cpu", "cuda:1", or for a data-parallel
// run "CPU × 2 processes" / "2 GPUs (cuda:0–1)".
QString runDevicesText(const TrainingSettings& settings);

// The device rank `rank` of a data-parallel run on one machine trains on: "CPU" or "cuda:K".
QString rankDeviceText(const TrainingSettings& settings, int rank);

}  // namespace convstudio
