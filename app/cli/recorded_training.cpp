#include "recorded_training.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>
#include <optional>
#include <thread>

#include "convstudio/runs/run_summary_json.h"
#include "exit_codes.h"
#include "metrics_log.h"

namespace convstudio::cli {
namespace {

std::atomic<bool> interrupt_requested{false};

extern "C" void on_interrupt(int) {
  interrupt_requested = true;
}

// Passes every event on to the run's log and asks the stop rule after each step and validation;
// on the rule's first reason it cancels the trainer (a flag the training loop reads at its next
// micro-batch, as Ctrl+C's watcher does).
class RuleWatchingListener : public TrainingListener {
 public:
  RuleWatchingListener(TrainingListener& log, RunStopRule& rule) : log_(log), rule_(rule) {}

  void watch(Trainer& trainer) { trainer_ = &trainer; }
  const std::optional<std::string>& reason() const { return reason_; }

  void on_step(const StepMetrics& step) override {
    log_.on_step(step);
    if (!reason_) stop_if(rule_.after_step(step));
  }
  void on_epoch(const EpochMetrics& epoch) override {
    log_.on_epoch(epoch);
    if (!reason_) stop_if(rule_.after_validation(epoch));
  }
  void on_state(RunState state, const std::string& message) override {
    log_.on_state(state, message);
  }
  void on_log(const LogLine& line) override { log_.on_log(line); }
  void on_error(const RunError& error) override { log_.on_error(error); }
  void on_origin(const RunOrigin& origin) override { log_.on_origin(origin); }

 private:
  void stop_if(std::optional<std::string> reason) {
    if (!reason || trainer_ == nullptr) return;
    reason_ = std::move(reason);
    trainer_->cancel();
  }

  TrainingListener& log_;
  RunStopRule& rule_;
  Trainer* trainer_ = nullptr;
  std::optional<std::string> reason_;
};

}  // namespace

InterruptCatcher::InterruptCatcher() {
  interrupt_requested = false;
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
}

InterruptCatcher::~InterruptCatcher() {
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

bool InterruptCatcher::requested() {
  return interrupt_requested;
}

// The handler only sets a flag; a watcher thread turns it into Trainer::cancel.
RunSummary run_cancellable(Trainer& trainer) {
  std::atomic<bool> done{false};
  std::thread watcher([&] {
    while (!done) {
      if (interrupt_requested) trainer.cancel();
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  RunSummary summary = trainer.run();
  done = true;
  watcher.join();
  return summary;
}

int exit_code_for(const RunSummary& summary) {
  if (summary.state == RunState::Finished) return kExitOk;
  if (summary.error &&
      (summary.error->kind == RunErrorKind::Data || summary.error->kind == RunErrorKind::Graph ||
       summary.error->kind == RunErrorKind::Device ||
       summary.error->kind == RunErrorKind::Checkpoint)) {
    return kExitUsageError;
  }
  return kExitFailure;
}

RecordedTraining train_and_record(RunOptions run, RunRecorder::Start start, const QueuedRun* entry,
                                  RunStopRule* stop) {
  RecordedTraining result;
  MetricsLog log(run.out_dir, run.project, isatty(STDERR_FILENO) != 0, start);
  if (entry != nullptr) log.recorder().record_queue_entry(entry->id, entry->sweep, entry->label);
  if (const std::optional<Error>& in_use = log.recorder().in_use()) {
    // Another run trains into this folder: refused before anything of it was touched.
    std::cerr << "error: " << in_use->describe() << "\n";
    result.exit_code = kExitUsageError;
    result.summary.state = RunState::Failed;
    return result;
  }
  if (!log.ok()) {
    std::cerr << "error: cannot write metrics into " << run.out_dir << ": "
              << log.recorder().problem() << "\n";
    result.exit_code = kExitFailure;
    result.summary.state = RunState::Failed;
    return result;
  }
  const std::string folder = run.out_dir;
  std::optional<RuleWatchingListener> watching;
  if (stop != nullptr) watching.emplace(log, *stop);
  Trainer trainer(std::move(run), watching ? static_cast<TrainingListener*>(&*watching) : &log);
  if (watching) watching->watch(trainer);
  result.summary = run_cancellable(trainer);
  nlohmann::json line = run_summary_json(result.summary);
  // A run the rule stopped ended Cancelled; one that reached its end first is simply finished.
  if (watching && watching->reason() && result.summary.state == RunState::Cancelled) {
    result.pruned = watching->reason();
    log.recorder().record_pruned(*result.pruned);
    std::cerr << "pruned: " << *result.pruned << "\n";
    line["state"] = kPrunedRunState;
    line["end_reason"] = *result.pruned;
  }
  log.recorder().finish(line);
  if (entry != nullptr) {
    line["label"] = entry->label;
    line["sweep"] = entry->sweep;
    line["run_folder"] = folder;
  }
  std::cout << line.dump() << std::endl;
  // Pruned: ended as the study meant it to, not a failure.
  result.exit_code = result.pruned ? kExitOk : exit_code_for(result.summary);
  if (!log.recorder().ok()) {
    // The checkpoint may be fine, but the run's record is not: say so and do not claim success.
    std::cerr << "error: the run's record is incomplete: " << log.recorder().problem() << "\n";
    if (result.summary.state == RunState::Finished) result.exit_code = kExitFailure;
  }
  return result;
}

}  // namespace convstudio::cli
