// The NCCL backend for data-parallel runs on GPUs (issue 17). NCCL's header comes from the
// nvidia-nccl wheel beside torch (cmake/ConvStudioTorch.cmake adds its include folder); the code
// is in libtorch_cuda.so. Compiled on every CUDA build; not run on the development machine (no
// GPU).
#define USE_C10D_NCCL 1
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>

#include "distributed/collective_backend.h"
#include "nccl_backend.h"

namespace convstudio::cuda {

void make_nccl_backend(CollectiveBackendRequest& request) {
  auto options = c10d::ProcessGroupNCCL::Options::create();
  options->timeout = request.timeout;
  auto backend = c10::make_intrusive<c10d::ProcessGroupNCCL>(request.store, request.rank,
                                                             request.size, options);
  // Binds the communicator to this rank's GPU up front, as init_process_group(device_id=) does.
  backend->setBoundDeviceId(
      c10::Device(c10::DeviceType::CUDA, static_cast<c10::DeviceIndex>(request.device_index)));
  request.backend = backend;
}

}  // namespace convstudio::cuda
