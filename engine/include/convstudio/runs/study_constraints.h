#pragma once
// A study's limits on its trials (issue 36): a trial whose network or settings would break one is
// refused before it trains, with a sentence that names the limit and the value, and counts as a
// bad trial for the sampler. The figures are the ones the studio shows: the parameter count and
// MACs of shape inference, and the training memory estimate ("Training memory ≈").

#include <cstdint>
#include <optional>
#include <string>

#include "convstudio/model/project.h"

namespace convstudio {

struct StudyConstraints {
  std::optional<std::int64_t> max_params;
  std::optional<std::int64_t> max_macs;          // per sample, forward
  std::optional<std::int64_t> max_memory_bytes;  // the training memory estimate
  // Minutes one trial may train: refused before it trains when its estimate is longer, stopped
  // when it runs past it (study_time_limit.h). Not a figure of the network, so not any()'s.
  std::optional<double> max_minutes;
  bool any() const { return max_params || max_macs || max_memory_bytes; }
  bool operator==(const StudyConstraints&) const = default;
};

// Why `project` may not train under `constraints` ("3.2 M parameters > --max-params 1 M"),
// naming the first limit it breaks; nullopt when it keeps them all. A graph shape inference
// refuses is named too: it could not train either.
std::optional<std::string> study_constraint_refusal(const Project& project,
                                                    const StudyConstraints& constraints);

}  // namespace convstudio
