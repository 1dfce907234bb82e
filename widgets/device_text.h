#pragma once
// Device facts in the user's language (the engine's own sentences are English).

#include <QString>

#include "convstudio/system_info.h"

namespace convstudio {

// Why CUDA cannot be used, translated; the runtime's own error text is kept verbatim.
QString cudaUnavailableText(const DeviceReport& devices);

}  // namespace convstudio
