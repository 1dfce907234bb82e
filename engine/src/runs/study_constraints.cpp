#include "convstudio/runs/study_constraints.h"

#include <cstdio>

#include "convstudio/model/memory_estimator.h"
#include "convstudio/model/shape_inference.h"

namespace convstudio {
namespace {

// 3.2 M, 840 k, 12: counts as people read them.
std::string count_text(std::int64_t count) {
  char text[32];
  if (count >= 1'000'000'000) {
    std::snprintf(text, sizeof text, "%.3g G", static_cast<double>(count) / 1e9);
  } else if (count >= 1'000'000) {
    std::snprintf(text, sizeof text, "%.3g M", static_cast<double>(count) / 1e6);
  } else if (count >= 1'000) {
    std::snprintf(text, sizeof text, "%.3g k", static_cast<double>(count) / 1e3);
  } else {
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(count));
  }
  return text;
}

std::string bytes_text(std::int64_t bytes) {
  char text[32];
  const double value = static_cast<double>(bytes);
  if (bytes >= (std::int64_t{1} << 30)) {
    std::snprintf(text, sizeof text, "%.3g GiB", value / double(1 << 30));
  } else if (bytes >= (1 << 20)) {
    std::snprintf(text, sizeof text, "%.3g MiB", value / double(1 << 20));
  } else if (bytes >= (1 << 10)) {
    std::snprintf(text, sizeof text, "%.3g KiB", value / double(1 << 10));
  } else {
    std::snprintf(text, sizeof text, "%lld B", static_cast<long long>(bytes));
  }
  return text;
}

}  // namespace

std::optional<std::string> study_constraint_refusal(const Project& project,
                                                    const StudyConstraints& constraints) {
  if (!constraints.any()) return std::nullopt;
  const ModelAnalysis analysis = ShapeInference::run(project.graph);
  if (!analysis.ok()) return "the network's shapes do not fit, so its size is unknown";
  if (constraints.max_params && analysis.total_params() > *constraints.max_params) {
    return count_text(analysis.total_params()) + " parameters > --max-params " +
           count_text(*constraints.max_params);
  }
  if (constraints.max_macs && analysis.total_macs() > *constraints.max_macs) {
    return count_text(analysis.total_macs()) + " MACs per sample > --max-macs " +
           count_text(*constraints.max_macs);
  }
  if (constraints.max_memory_bytes) {
    const MemoryEstimate estimate =
        MemoryEstimator::estimate(project.graph, analysis, project.training);
    if (estimate.total_bytes > *constraints.max_memory_bytes) {
      return "training memory ≈ " + bytes_text(estimate.total_bytes) + " > --max-memory " +
             bytes_text(*constraints.max_memory_bytes);
    }
  }
  return std::nullopt;
}

}  // namespace convstudio
