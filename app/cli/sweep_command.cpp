#include "sweep_command.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>

#include "convstudio/io/atomic_write.h"
#include "convstudio/model/project_file.h"
#include "convstudio/runs/run_comparison.h"
#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/sweep.h"
#include "exit_codes.h"
#include "queued_run_training.h"
#include "recorded_training.h"
#include "setting_flags.h"

namespace convstudio::cli {
namespace {

struct SweepOptions {
  std::string file;
  std::vector<std::string> sets;  // "lr=0.01,0.003", one per --set
  bool resume = false;
  SettingFlags shared;  // --epochs, --max-steps, --device, --seed: every run of a new sweep
  std::string csv;
};

// Expands the --set grid into the project's queue; the sweep's id, or nullopt after printing why.
std::optional<std::string> queue_sweep(const SweepOptions& o, const Project& project) {
  std::vector<SweepAxis> axes;
  bool bad = false;
  for (const std::string& text : o.sets) {
    Result<SweepAxis> axis = parse_sweep_axis(text);
    if (axis) {
      axes.push_back(std::move(axis).value());
    } else {
      std::cerr << "error: --set " << text << ": " << axis.error().describe() << "\n";
      bad = true;
    }
  }
  if (bad) return std::nullopt;
  Result<RunQueue> queue = load_run_queue(o.file);
  if (!queue) {
    std::cerr << "error: " << queue.error().describe() << "\n";
    return std::nullopt;
  }
  // The flags every run of the new sweep shares, refused as the project file would refuse them.
  Project base = project;
  const std::vector<Error> refused = o.shared.apply_to(base);
  for (const Error& error : refused) std::cerr << "error: " << error.describe() << "\n";
  if (!refused.empty()) return std::nullopt;
  const std::string sweep = new_sweep_id(queue.value());
  Result<std::vector<QueuedRun>> grid = expand_sweep(base, axes, sweep);
  if (!grid) {
    std::cerr << "error: " << grid.error().describe() << "\n";
    return std::nullopt;
  }
  const std::size_t runs = grid.value().size();
  add_to_queue(queue.value(), std::move(grid).value());
  if (auto error = save_run_queue(o.file, queue.value())) {
    std::cerr << "error: " << error->describe() << "\n";
    return std::nullopt;
  }
  std::cerr << "sweep " << sweep << ": " << runs << " runs queued in "
            << run_queue_file(o.file).string() << "\n";
  return sweep;
}

// The comparison of the queue's runs of `sweeps` (and of runs trained now without a sweep), on
// stderr so stdout keeps one JSON line per run; also as CSV into `csv` when given.
bool report_comparison(const SweepOptions& o, const std::set<std::string>& sweeps,
                       const std::set<std::string>& trained_folders) {
  Result<RunQueue> queue = load_run_queue(o.file);
  if (!queue) {
    std::cerr << "error: " << queue.error().describe() << "\n";
    return false;
  }
  std::vector<RecordedRun> runs;
  for (const QueuedRun& entry : queue.value().runs) {
    if (entry.run_folder.empty()) continue;
    if (!sweeps.contains(entry.sweep) && !trained_folders.contains(entry.run_folder)) continue;
    if (auto run = load_recorded_run(entry.run_folder, RunDetail::Metrics)) {
      runs.push_back(std::move(*run));
    }
  }
  const RunComparison comparison = compare_runs(runs);
  std::fprintf(stderr, "\n%-18s %-32s %-10s %8s %8s %9s %9s %11s %10s\n", "run", "label", "state",
               "val acc", "best", "val loss", "time s", "samples/s", "peak MiB");
  auto figure = [](const std::optional<double>& value, double scale = 1) {
    char text[32];
    if (!value) return std::string("-");
    std::snprintf(text, sizeof text, "%.4g", *value * scale);
    return std::string(text);
  };
  for (const ComparisonRow& row : comparison.rows) {
    std::fprintf(stderr, "%-18s %-32s %-10s %8s %8s %9s %9s %11s %10.1f\n", row.run.c_str(),
                 row.label.c_str(), run_state_word(row.state).c_str(),
                 figure(row.final_val_accuracy).c_str(), figure(row.best_val_accuracy).c_str(),
                 figure(row.final_val_loss).c_str(), figure(row.wall_seconds).c_str(),
                 figure(row.samples_per_second).c_str(),
                 static_cast<double>(row.peak_memory_bytes) / (1 << 20));
  }
  if (o.csv.empty()) return true;
  if (auto error = write_file_atomically(o.csv, comparison_csv(comparison))) {
    std::cerr << "error: " << error->describe() << "\n";
    return false;
  }
  return true;
}

// Trains the waiting entries (of `sweep` only, when given) one after another; an interrupted or
// stopped one resumes from its checkpoint in its own folder.
int train_queued_runs(const SweepOptions& o, const std::string& sweep) {
  int exit_code = kExitOk;
  std::set<std::string> sweeps, trained_folders;
  if (!sweep.empty()) sweeps.insert(sweep);
  const InterruptCatcher catcher;
  while (!InterruptCatcher::requested()) {
    Result<RunQueue> queue = load_run_queue(o.file);
    if (!queue) {
      std::cerr << "error: " << queue.error().describe() << "\n";
      return kExitUsageError;
    }
    const std::optional<std::size_t> next = next_queued_run(queue.value(), sweep);
    if (!next) break;
    const QueuedRun entry = queue.value().runs[*next];
    const QueuedRunOutcome outcome = train_queued_run(o.file, entry);
    if (!outcome.queue_written) return kExitFailure;
    sweeps.insert(entry.sweep);
    trained_folders.insert(outcome.run_folder);
    if (outcome.trained.exit_code != kExitOk) exit_code = outcome.trained.exit_code;
  }
  if (InterruptCatcher::requested()) {
    std::cerr << "stopped: the rest stays queued; `convstudio-cli sweep " << o.file
              << " --resume` continues it (a stopped run from its checkpoint)\n";
    if (exit_code == kExitOk) exit_code = kExitFailure;
  }
  sweeps.erase("");
  if (!report_comparison(o, sweeps, trained_folders) && exit_code == kExitOk) {
    exit_code = kExitFailure;
  }
  return exit_code;
}

int run_sweep_command(const SweepOptions& o) {
  if (o.sets.empty() == !o.resume) {
    std::cerr << "error: give --set SETTING=VALUE,VALUE… to queue a new sweep, or --resume to "
                 "continue the queue (not both)\n";
    return kExitUsageError;
  }
  if (o.resume && o.shared.any_given()) {
    // A queued run keeps the settings it was queued with; a stopped one, its planned end.
    std::cerr << "error: --epochs, --max-steps, --seed and --device set up a new sweep (--set); "
                 "--resume trains the queue as it was queued\n";
    return kExitUsageError;
  }
  ProjectLoadResult loaded = ProjectFile::load(o.file);
  if (!loaded.ok()) {
    for (const Error& error : loaded.errors) std::cerr << "error: " << error.describe() << "\n";
    return kExitUsageError;
  }
  std::string sweep;
  if (!o.resume) {
    const std::optional<std::string> queued = queue_sweep(o, *loaded.project);
    if (!queued) return kExitUsageError;
    sweep = *queued;
  }
  // Running the queue from here is asking for it to run, even if the studio paused it.
  if (!update_run_queue(o.file, [](RunQueue& q) { q.paused = false; })) return kExitFailure;
  return train_queued_runs(o, sweep);
}

}  // namespace

void add_sweep_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SweepOptions>();
  auto* c = app.add_subcommand(
      "sweep",
      "Queue a grid of settings (--set lr=0.01,0.003 --set batch_size=64,128) in the project's "
      "run queue and train its runs one after another; one JSON line per run on stdout, a "
      "comparison table on stderr. Ctrl+C stops the run (its checkpoint kept) and leaves the "
      "rest queued; --resume continues");
  c->add_option("file", o->file, "Project file (*.convstudio)")
      ->required()
      ->check(CLI::ExistingFile);
  c->add_option(
       "--set", o->sets,
       "SETTING=VALUE,VALUE…, repeatable: one axis of the grid. Settings: " +
           [] {
             std::string names;
             for (const std::string& name : sweepable_settings()) {
               names += (names.empty() ? "" : ", ") + name;
             }
             return names;
           }())
      ->allow_extra_args(false);  // one axis per --set, so the project file may follow it
  c->add_flag("--resume", o->resume,
              "Continue the project's queue (PROJECT.runs/queue.json): an interrupted or stopped "
              "run from its checkpoint first, then every waiting run");
  o->shared.add(c, "epochs", "Epochs of every run of a new sweep");
  o->shared.add(c, "max_steps", "Stop every run of a new sweep after this many steps");
  o->shared.add(c, "validate_every_steps",
                "Validate every run of a new sweep also every this many steps (each run ends "
                "with a validation all the same)");
  o->shared.add(c, "device", "auto, cpu, cuda or cuda:K, for a new sweep");
  o->shared.add(c, "seed", "Random seed of every run of a new sweep");
  c->add_option("--csv", o->csv, "Also write the comparison table to this CSV file");
  c->callback([o, &exit_code] { exit_code = run_sweep_command(*o); });
}

}  // namespace convstudio::cli
