#pragma once
// The random number generators a run draws from, captured so a resumed run draws the same
// numbers (dropout masks, augmentation, shuffling) as the uninterrupted one would have.

#include <optional>
#include <string>
#include <vector>

#include "checkpoint/resume_states.h"  // RngState: what a checkpoint keeps
#include "convstudio/error.h"

namespace convstudio {

// Captures torch's default generators; `data_loader` is stored as given.
RngState capture_rng_state(std::string data_loader = {});

// Restores torch's default generators: those of CUDA devices present both then and now, and the
// CPU's. Returns the problem when a generator refuses its saved bytes (a truncated or edited
// state), placed at its state.json field ("rng.cpu_generator", "rng.cuda_generators[1]", no
// file); nothing is changed then.
std::optional<Error> restore_rng_state(const RngState& state);

}  // namespace convstudio
