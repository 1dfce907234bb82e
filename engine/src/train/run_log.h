#pragma once
// The run's log lines, as its listener receives them: an engine sentence keeps its pattern
// (runs/engine_messages.h) so the studio can translate it; a text from elsewhere (a reader's
// Error) is passed on as it is. Internal: every part of a TrainingRun logs through it.

#include <string>

#include "convstudio/runs/message_text.h"
#include "convstudio/runs/training_events.h"

namespace convstudio {

class RunLog {
 public:
  explicit RunLog(TrainingListener& listener) : listener_(listener) {}

  void write(LogLevel level, MessageText message);
  void write_as_is(LogLevel level, const std::string& text);

 private:
  TrainingListener& listener_;
};

}  // namespace convstudio
