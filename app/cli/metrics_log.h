#pragma once
// What `convstudio-cli train` shows and keeps while a run goes: the run folder (RunRecorder:
// run.json, metrics.jsonl, metrics.csv) and, on stderr, a progress bar with ETA on a terminal
// or a plain line every few seconds otherwise.

#include <chrono>
#include <filesystem>
#include <string>

#include "convstudio/runs/run_recorder.h"

namespace convstudio::cli {

class MetricsLog : public TrainingListener {
 public:
  MetricsLog(const std::filesystem::path& run_folder, const Project& project, bool interactive,
             RunRecorder::Start start = RunRecorder::Start::Fresh);

  bool ok() const { return recorder_.ok(); }
  RunRecorder& recorder() { return recorder_; }

  void on_step(const StepMetrics& step) override;
  void on_epoch(const EpochMetrics& epoch) override;
  void on_state(RunState state, const std::string& message) override;
  void on_log(const LogLine& line) override;
  void on_origin(const RunOrigin& origin) override { recorder_.on_origin(origin); }
  void on_error(const RunError& error) override;

 private:
  void print_progress(const StepMetrics& step);
  void end_progress_line();

  RunRecorder recorder_;
  bool interactive_;
  bool progress_drawn_ = false;
  std::chrono::steady_clock::time_point last_line_;
};

}  // namespace convstudio::cli
