#pragma once
// How busy the machine's CPUs were with other processes over an interval, from Linux's
// /proc/stat and /proc/self/stat: a peak FLOP/s probe taken while something else computes
// measures a share of the machine, not the machine, and must not be kept as its peak.

#include <optional>

namespace convstudio {

// CPU time in clock ticks (USER_HZ), the unit both files use.
struct CpuTicks {
  long long machine_busy = 0;  // every CPU, not idle and not waiting for I/O
  long long own = 0;           // this process, user + system
};

// Now; nullopt where /proc cannot be read (then the load is unknown and nothing is refused).
std::optional<CpuTicks> read_cpu_ticks();

// Other processes' busy CPU time between two readings, as a number of cores kept busy on
// average (1.0: one core the whole time). Never negative.
double busy_cores_of_others(const CpuTicks& before, const CpuTicks& after, double seconds);

// The parsing, apart so tests can feed it text: the first line of /proc/stat, and the whole of
// /proc/self/stat. nullopt when either is not in the kernel's format.
std::optional<CpuTicks> parse_cpu_ticks(const std::string& proc_stat_cpu_line,
                                        const std::string& proc_self_stat);

}  // namespace convstudio
