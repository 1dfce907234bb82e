#pragma once
// The origin of a run (convstudio/runs/run_origin.h) as this process sees it: the build's
// versions and commit, LibTorch's, CUDA's, cuDNN's and the driver's when the run uses a GPU,
// the device, the CPU, the host and the data's fingerprint. Internal (LibTorch).

#include <string>

#include "convstudio/data/dataset_info.h"
#include "convstudio/runs/run_origin.h"

namespace convstudio {

// `device`: the run's device as RunSummary names it ("cpu", "cuda:1").
RunOrigin probe_run_origin(const std::string& device, const DatasetInfo& data);

}  // namespace convstudio
