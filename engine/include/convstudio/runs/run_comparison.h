#pragma once
// A table comparing recorded runs: the settings that differ between them, the graph version, the
// final and best metrics, time, throughput and peak memory; sortable by the studio, exported as
// CSV. Runs of one sweep carry its id and label so the table can group them.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "convstudio/model/graph.h"
#include "convstudio/model/project.h"
#include "convstudio/runs/run_history.h"

namespace convstudio {

// A short stable name of a network (8 hex digits of a hash of its JSON, block positions left
// out): two runs of the same graph show the same version, an edited graph another one.
std::string graph_version(const Graph& graph);

// Every dataset and training setting of `project` with its value as text, named as the project
// file names them: training settings plain ("lr"), dataset ones with "dataset." in front
// ("dataset.augmentation.horizontal_flip"). Settings a project file writes only when set are
// included with their defaults, so two runs always have the same names.
std::vector<std::pair<std::string, std::string>> setting_values(const Project& project);

// One run in the comparison: who it is, and its figures (nullopt where not measured).
struct ComparisonRow {
  std::string run;  // the run folder's name (its start time)
  std::string state;
  std::string sweep;  // sweep id and label, from the queue; empty for a run on its own
  std::string label;
  std::string graph_version;
  std::vector<std::string> settings;  // the values of RunComparison::settings, in that order
  std::vector<std::string> origin;    // the values of RunComparison::origin, in that order
  std::optional<double> final_val_accuracy;
  std::optional<double> final_val_loss;
  std::optional<double> best_val_accuracy;  // the highest over its epochs
  std::optional<double> final_val_balanced_accuracy;
  std::optional<double> final_val_macro_f1;
  // Segmentation: the last validation's mean IoU and the highest over its validations.
  std::optional<double> final_val_mean_iou;
  std::optional<double> best_val_mean_iou;
  std::optional<double> wall_seconds;
  std::optional<double> samples_per_second;
  std::uint64_t peak_memory_bytes = 0;
  std::int64_t steps = 0;
};

// The comparison of some runs: `settings` names the settings whose values are not the same in
// every run (in project-file order); the rows keep the order of the runs given.
struct RunComparison {
  std::vector<std::string> settings;
  // The facts of where the runs came from (run_origin.h's names: "host", "data_fingerprint")
  // that are not the same in every run that recorded them.
  std::vector<std::string> origin;
  std::vector<ComparisonRow> rows;
  // Some run measured a mean IoU (a segmentation run): the table and the CSV gain its columns.
  bool has_mean_iou = false;
};

// Runs should be read with RunDetail::Metrics for best_val_accuracy over every epoch; with
// Summary it is the final one. A run whose project could not be read has empty setting values.
RunComparison compare_runs(const std::vector<RecordedRun>& runs);

// The table as CSV (RFC 4180: fields with commas, quotes or line breaks quoted, quotes doubled):
// run, state, sweep, label, graph_version, the differing settings, then the figures, then the
// differing origin facts (named "origin.host" and so on), final_val_mean_iou and
// best_val_mean_iou after the figures only when has_mean_iou; a
// measurement that is missing is an empty field.
std::string comparison_csv(const RunComparison& comparison);

// What a person reads for a run's recorded state (run.json's word, to_string(RunState)):
// "cancelled" reads "stopped", as the Stop button that ends such a run says; the other words as
// they are. The one word per state of the comparison's table and CSV, the CLI's sweep table and
// the studio (which translates this word).
std::string run_state_word(std::string_view recorded_state);

}  // namespace convstudio
