#include "rng_state.h"

#include <algorithm>
#include <cstring>
#include <mutex>

#include <torch/torch.h>

namespace convstudio {
namespace {

std::string state_bytes(at::Generator generator) {
  std::lock_guard<std::mutex> lock(generator.mutex());
  torch::Tensor state = generator.get_state().contiguous();
  return std::string(static_cast<const char*>(state.data_ptr()), state.nbytes());
}

torch::Tensor state_tensor(const std::string& bytes) {
  torch::Tensor state = torch::empty({static_cast<std::int64_t>(bytes.size())}, torch::kUInt8);
  if (!bytes.empty()) std::memcpy(state.data_ptr(), bytes.data(), bytes.size());
  return state;
}

// Checks that a generator accepts the bytes, without disturbing it: set, then put back.
std::optional<Error> try_state(at::Generator generator, const std::string& bytes,
                               const std::string& field) {
  std::lock_guard<std::mutex> lock(generator.mutex());
  torch::Tensor previous = generator.get_state();
  try {
    generator.set_state(state_tensor(bytes));
  } catch (const c10::Error& error) {
    std::string message = error.what_without_backtrace();
    return Error::at_field("", field,
                           "the generator refuses these " + std::to_string(bytes.size()) +
                               " bytes: " + message.substr(0, message.find('\n')));
  }
  generator.set_state(previous);
  return std::nullopt;
}

at::Generator cuda_generator(int index) {
  return at::globalContext().defaultGenerator(c10::Device(c10::DeviceType::CUDA, index));
}

}  // namespace

RngState capture_rng_state(std::string data_loader) {
  RngState state;
  state.cpu_generator = state_bytes(at::detail::getDefaultCPUGenerator());
  // The CUDA generators are reached through ATen's hooks, so this needs no CUDA headers.
  if (torch::cuda::is_available()) {
    for (int i = 0; i < static_cast<int>(torch::cuda::device_count()); ++i) {
      state.cuda_generators.push_back(state_bytes(cuda_generator(i)));
    }
  }
  state.data_loader = std::move(data_loader);
  return state;
}

std::optional<Error> restore_rng_state(const RngState& state) {
  const int cuda_devices = torch::cuda::is_available() ? torch::cuda::device_count() : 0;
  // Only devices present both then and now are restored: a run saved on GPUs and resumed on
  // fewer, or on the CPU, still continues its CPU stream.
  const int restorable = std::min<int>(cuda_devices, state.cuda_generators.size());
  if (auto problem = try_state(at::detail::getDefaultCPUGenerator(), state.cpu_generator,
                               "rng.cpu_generator")) {
    return problem;
  }
  for (int i = 0; i < restorable; ++i) {
    if (auto problem = try_state(cuda_generator(i), state.cuda_generators[i],
                                 "rng.cuda_generators[" + std::to_string(i) + "]")) {
      return problem;
    }
  }
  auto set = [](at::Generator generator, const std::string& bytes) {
    std::lock_guard<std::mutex> lock(generator.mutex());
    generator.set_state(state_tensor(bytes));
  };
  set(at::detail::getDefaultCPUGenerator(), state.cpu_generator);
  for (int i = 0; i < restorable; ++i) set(cuda_generator(i), state.cuda_generators[i]);
  return std::nullopt;
}

}  // namespace convstudio
