#pragma once
// Reads metrics.jsonl one line at a time, for a whole file (read_metrics_jsonl) or for the lines
// appended to a file still being written (run_follower.h).

#include <cstdint>
#include <string_view>

#include "convstudio/runs/metric_files.h"

namespace convstudio {

// An epoch is placed at the step read before it, and the peak resident memory (not in the file)
// is the running maximum of the steps read so far, as for a whole file.
class MetricsJsonlReader {
 public:
  // Adds the line's step or epoch to `into`; false for a line that is neither (cut short by a
  // crash, or left unreadable by another version or a hand edit). Figures missing or null read
  // as NaN (reals) or 0.
  bool read_line(std::string_view line, RecordedMetrics& into);
  // Passes over a step line as ConvStudio writes it ({"kind":"step","step":N,…) without parsing
  // it, keeping only its step for the epoch after it; false for any other line (read_line it).
  // Parsing the steps is most of the cost of reading a long run.
  bool skip_step_line(std::string_view line);

 private:
  std::int64_t last_step_ = 0;
  double highest_resident_ = 0;
};

}  // namespace convstudio
