#pragma once
// The plugin's NCCL backend factory (cuda_plugin_api.h).

namespace convstudio {
struct CollectiveBackendRequest;
}

namespace convstudio::cuda {

// Fills request.backend with a c10d::ProcessGroupNCCL on cuda:<request.device_index>.
void make_nccl_backend(CollectiveBackendRequest& request);

}  // namespace convstudio::cuda
