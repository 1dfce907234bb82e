#pragma once
// The c10d backends a run's process group can use: Gloo (CPU tensors, in libtorch_cpu) and NCCL
// (CUDA tensors, in libtorch_cuda, reached through the CUDA plugin). Internal (LibTorch).
//
// Only this pair of factories sees a concrete backend class; everything else talks to
// c10d::Backend, whose interface comes whole with the wheel's headers. See gloo_backend.cpp for
// why the Gloo one is built the way it is.

#include <torch/csrc/distributed/c10d/Backend.hpp>
#include <torch/csrc/distributed/c10d/Store.hpp>

#include <chrono>
#include <string>

namespace convstudio {

// What a backend factory needs; the NCCL one crosses the plugin boundary with it.
struct CollectiveBackendRequest {
  c10::intrusive_ptr<c10d::Store> store;
  int rank = 0;
  int size = 1;
  std::chrono::milliseconds timeout{60000};
  std::string master_addr;                    // Gloo: loopback rendezvous stays on 127.0.0.1
  int device_index = 0;                       // NCCL: the GPU of this rank
  c10::intrusive_ptr<c10d::Backend> backend;  // the factory's answer
};

// Gloo over TCP. Throws c10::Error when the peers cannot be reached within the timeout.
c10::intrusive_ptr<c10d::Backend> make_gloo_backend(const CollectiveBackendRequest& request);

// NCCL on cuda:<device_index>, from the CUDA plugin; throws std::runtime_error when the plugin
// is not loaded (the convstudio-cuda package is not installed).
c10::intrusive_ptr<c10d::Backend> make_nccl_backend(const CollectiveBackendRequest& request);

}  // namespace convstudio
