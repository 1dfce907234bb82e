#include "convstudio/runs/training_events.h"

namespace convstudio {

std::string to_string(RunState state) {
  switch (state) {
    case RunState::Preparing:
      return "preparing";
    case RunState::Running:
      return "running";
    case RunState::Paused:
      return "paused";
    case RunState::Stopping:
      return "stopping";
    case RunState::Finished:
      return "finished";
    case RunState::Cancelled:
      return "cancelled";
    case RunState::Failed:
      return "failed";
  }
  return "unknown";
}

}  // namespace convstudio
