#pragma once
// The random number generators a run draws from, captured so a resumed run draws the same
// numbers (dropout masks, augmentation, shuffling) as the uninterrupted one would have.

#include <optional>
#include <string>
#include <vector>

namespace convstudio {

struct RngState {
  std::string cpu_generator;                 // torch's default CPU generator, raw state bytes
  std::vector<std::string> cuda_generators;  // one per visible CUDA device; empty without CUDA
  std::string data_loader;                   // opaque, written and read by the data loader
};

// Captures torch's default generators; `data_loader` is stored as given.
RngState capture_rng_state(std::string data_loader = {});

// Restores torch's default generators. Returns a message when the saved state does not fit
// (another CUDA device count, or bytes a generator refuses); nothing is changed then.
std::optional<std::string> restore_rng_state(const RngState& state);

}  // namespace convstudio
