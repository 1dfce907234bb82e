#pragma once
// Trains one entry of a project's run queue in this process, as `sweep` and `study` both do: an
// entry stopped or interrupted before resumes from its checkpoint in its own folder, a new one
// gets a new run folder; the queue file says Running while it trains and how it ended after.

#include <filesystem>
#include <string>

#include "convstudio/runs/run_queue.h"
#include "recorded_training.h"

namespace convstudio::cli {

// Reads the queue, lets `change` edit it and writes it back; false after printing why not.
bool update_run_queue(const std::filesystem::path& project_file,
                      const std::function<void(RunQueue&)>& change);

struct QueuedRunOutcome {
  bool queue_written = true;  // false: the queue file could not be updated (printed)
  RecordedTraining trained;
  QueuedRunState state = QueuedRunState::Failed;  // what the queue now says of it
  std::string run_folder;
};

// Trains `entry` (a copy of the queue's entry) to its end or until Ctrl+C; a run stopped by
// Ctrl+C goes back to Queued, to resume from its checkpoint. A run `stop` ended (pruned) becomes
// Cancelled, so no queue trains it again; its run folder says pruned.
QueuedRunOutcome train_queued_run(const std::filesystem::path& project_file, QueuedRun entry,
                                  RunStopRule* stop = nullptr);

}  // namespace convstudio::cli
