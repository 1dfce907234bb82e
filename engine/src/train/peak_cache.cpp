#include "peak_cache.h"

#include <algorithm>

namespace convstudio {
namespace {

std::string busy_key(const std::string& precision) {
  return precision + " busy";
}

double number_at(const nlohmann::json& entry, const std::string& key) {
  if (!entry.contains(key) || !entry[key].is_number()) return 0;
  return std::max(0.0, entry[key].get<double>());
}

}  // namespace

KeptPeak read_kept_peak(const nlohmann::json& cache, const std::string& device,
                        const std::string& precision) {
  KeptPeak kept;
  if (!cache.is_object() || !cache.contains(device) || !cache[device].is_object()) return kept;
  const nlohmann::json& entry = cache[device];
  kept.idle = number_at(entry, precision);
  kept.busy = number_at(entry, busy_key(precision));
  return kept;
}

void keep_peak(nlohmann::json& cache, const std::string& device, const std::string& precision,
               double flops, bool busy) {
  if (!cache.is_object()) cache = nlohmann::json::object();
  if (!cache.contains(device) || !cache[device].is_object()) {
    cache[device] = nlohmann::json::object();
  }
  const KeptPeak kept = read_kept_peak(cache, device, precision);
  nlohmann::json& entry = cache[device];
  if (busy) {
    entry[busy_key(precision)] = std::max(kept.busy, flops);
  } else {
    entry[precision] = std::max(kept.idle, flops);
  }
  const KeptPeak now = read_kept_peak(cache, device, precision);
  if (now.idle > 0 && now.idle >= now.busy) entry.erase(busy_key(precision));
}

double best_peak(const KeptPeak& kept, double probed) {
  return std::max({kept.idle, kept.busy, probed});
}

}  // namespace convstudio
