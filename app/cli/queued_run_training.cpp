#include "queued_run_training.h"

#include <iostream>

#include "convstudio/model/project_file.h"
#include "convstudio/runs/run_recorder.h"

namespace convstudio::cli {
namespace {

QueuedRunState queue_state_after(const RecordedTraining& trained) {
  // Pruned: ended for good, even when Ctrl+C came at the same time.
  if (trained.pruned) return QueuedRunState::Cancelled;
  switch (trained.summary.state) {
    case RunState::Finished:
      return QueuedRunState::Finished;
    // Stopped by Ctrl+C or SIGTERM: it waits again, and resumes from its checkpoint. A run
    // cancelled otherwise stays cancelled, so the loop cannot pick it again and again.
    case RunState::Cancelled:
      return InterruptCatcher::requested() ? QueuedRunState::Queued : QueuedRunState::Cancelled;
    default:
      return QueuedRunState::Failed;
  }
}

}  // namespace

bool update_run_queue(const std::filesystem::path& project_file,
                      const std::function<void(RunQueue&)>& change) {
  Result<RunQueue> queue = load_run_queue(project_file);
  if (!queue) {
    std::cerr << "error: " << queue.error().describe() << "\n";
    return false;
  }
  change(queue.value());
  if (auto error = save_run_queue(project_file, queue.value())) {
    std::cerr << "error: " << error->describe() << "\n";
    return false;
  }
  return true;
}

QueuedRunOutcome train_queued_run(const std::filesystem::path& project_file, QueuedRun entry,
                                  RunStopRule* stop) {
  QueuedRunOutcome outcome;
  RunOptions run;
  run.project = entry.project;
  RunRecorder::Start start = RunRecorder::Start::Fresh;
  if (const auto checkpoint = interrupted_run_checkpoint(entry)) {
    std::cerr << "resuming " << entry.label << " from " << checkpoint->string() << "\n";
    run.resume_checkpoint = checkpoint->string();
    start = RunRecorder::Start::Resumed;
  } else if (entry.run_folder.empty()) {
    // Absolute, so `--resume` from another working folder finds it.
    entry.run_folder = std::filesystem::absolute(new_run_folder(project_file)).string();
  }
  run.out_dir = entry.run_folder;
  run.start_weights = ProjectFile::weights_file(run.project, project_file).string();
  outcome.run_folder = entry.run_folder;
  if (!update_run_queue(project_file, [&](RunQueue& q) {
        mark_queued_run(q, entry.id, QueuedRunState::Running, entry.run_folder);
      })) {
    outcome.queue_written = false;
    return outcome;
  }
  std::cerr << "run " << entry.id << " (" << entry.label << ") in " << entry.run_folder << "\n";
  outcome.trained = train_and_record(std::move(run), start, &entry, stop);
  outcome.state = queue_state_after(outcome.trained);
  outcome.queue_written = update_run_queue(
      project_file, [&](RunQueue& q) { mark_queued_run(q, entry.id, outcome.state); });
  return outcome;
}

}  // namespace convstudio::cli
