// NCCL lives in libtorch_cuda, which only the CUDA plugin links (engine/src/cuda): the engine asks
// the plugin's table for the backend. Compiled here; it cannot run without a GPU.

#include <stdexcept>

#include "collective_backend.h"
#include "cuda_support.h"

namespace convstudio {

c10::intrusive_ptr<c10d::Backend> make_nccl_backend(const CollectiveBackendRequest& request) {
  const CudaSupport& support = cuda_support();
  if (support.api == nullptr || support.api->make_nccl_backend == nullptr) {
    throw std::runtime_error(
        "NCCL needs the CUDA add-on (the convstudio-cuda package), which is not loaded" +
        (support.problem.empty() ? std::string() : ": " + support.problem));
  }
  CollectiveBackendRequest answer = request;
  support.api->make_nccl_backend(answer);
  if (!answer.backend) throw std::runtime_error("the CUDA add-on made no NCCL backend");
  return answer.backend;
}

}  // namespace convstudio
