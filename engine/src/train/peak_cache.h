#pragma once
// What the peak FLOP/s cache keeps and when a device is probed again. A probe taken while other
// processes kept the CPUs busy measures a share of the machine: it is kept apart, used until a
// probe on an idle machine replaces it, and never lowers a figure already kept (the cache keeps
// the best of every probe). Torch-free, so the rules are tested without measuring anything.

#include <string>

#include <nlohmann/json.hpp>

namespace convstudio {

struct KeptPeak {
  double idle = 0;  // best probe on an idle machine (or from a cache older than this rule); 0: none
  double busy = 0;  // best probe while others computed; 0: none
};

// The cache is {"DEVICE": {"fp32": IDLE, "fp32 busy": BUSY, …}, …}; anything else reads as none.
KeptPeak read_kept_peak(const nlohmann::json& cache, const std::string& device,
                        const std::string& precision);

// Keeps `flops` as an idle or busy probe, never lowering what is kept; an idle figure at least
// as high as the busy one makes the busy one moot, so it is dropped.
void keep_peak(nlohmann::json& cache, const std::string& device, const std::string& precision,
               double flops, bool busy);

// A device is probed when asked to, or while no idle probe is kept.
inline bool needs_probe(const KeptPeak& kept, bool remeasure) {
  return remeasure || kept.idle <= 0;
}

// The peak a run compares with: the best of what is kept and what was just probed.
double best_peak(const KeptPeak& kept, double probed);

// Whether other processes' load (in busy cores, cpu_load.h) makes a CPU probe untrustworthy:
// half a core of someone else's work on average already takes a visible share of the cores a
// probe runs on.
inline bool probe_was_busy(double busy_cores_of_others) {
  return busy_cores_of_others >= 0.5;
}

}  // namespace convstudio
