#pragma once
// One run of `convstudio-cli train` or `sweep`, trained in this process with its record kept in
// its run folder: the same code path for both commands, so a sweep's runs read like train's.

#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/run_recorder.h"
#include "convstudio/train/trainer.h"
#include "run_stop_rule.h"

namespace convstudio::cli {

// While one lives, Ctrl+C and SIGTERM (what schedulers, `timeout` and `kill` send) only set a
// flag, which cancels the run that is training (cleanly: a checkpoint is written) and tells a
// sweep not to start the next one. A signal between two runs is not lost.
class InterruptCatcher {
 public:
  InterruptCatcher();
  ~InterruptCatcher();
  InterruptCatcher(const InterruptCatcher&) = delete;
  InterruptCatcher& operator=(const InterruptCatcher&) = delete;

  static bool requested();
};

// Trains until the run ends, cancelling it once an InterruptCatcher (which the caller keeps
// alive) has caught Ctrl+C or SIGTERM.
RunSummary run_cancellable(Trainer& trainer);

// 0 for a finished run; 2 when the input was at fault (data, graph, device, checkpoint); else 1.
int exit_code_for(const RunSummary& summary);

struct RecordedTraining {
  int exit_code = 0;
  RunSummary summary;
  // Set when a RunStopRule stopped the run: why (run.json's end_reason; its state "pruned").
  std::optional<std::string> pruned;
};

// Trains `run` (run_cancellable) into run.out_dir, keeping its record there (RunRecorder, progress
// on stderr), and prints its summary line (run_summary_json) on stdout. `entry`: the queue entry
// the run is, if any; its id, sweep and label go into run.json and its label, sweep and folder into
// the line. `stop`: asked at each validation and step; a reason from it stops the run there.
RecordedTraining train_and_record(RunOptions run, RunRecorder::Start start,
                                  const QueuedRun* entry = nullptr, RunStopRule* stop = nullptr);

}  // namespace convstudio::cli
