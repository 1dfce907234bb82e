#include "convstudio/runs/run_history.h"

#include "convstudio/model/project_file.h"
#include "convstudio/runs/run_origin.h"
#include "convstudio/runs/run_recorder.h"

#include <algorithm>
#include <fstream>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

namespace convstudio {
namespace {

std::string settings_summary(const nlohmann::json& training) {
  auto text = [&](const char* key, const char* fallback) {
    return training.contains(key) ? training[key].dump() : std::string(fallback);
  };
  std::string summary = "batch " + text("batch_size", "64") + " × " + text("accumulate", "1") +
                        ", " + text("optimizer", "sgd") + " lr " + text("lr", "0.01") + ", amp " +
                        text("amp", "off") + ", " + text("device", "auto");
  summary.erase(std::remove(summary.begin(), summary.end(), '"'), summary.end());
  return summary;
}

// entry[key] when it is a value of T's kind; `fallback` when it is missing, null (a figure
// that was not measured) or of another type (a hand edit, another version): json::value()
// throws for those, and one odd line must not take the runs list down.
template <class T>
T field_or(const nlohmann::json& entry, const char* key, T fallback) {
  auto found = entry.find(key);
  if (found == entry.end()) return fallback;
  if constexpr (std::is_same_v<T, std::string>) {
    return found->is_string() ? found->template get<T>() : fallback;
  } else if constexpr (std::is_floating_point_v<T>) {
    return found->is_number() ? found->template get<T>() : fallback;
  } else if constexpr (std::is_unsigned_v<T>) {
    return found->is_number_unsigned() ? found->template get<T>() : fallback;
  } else {
    return found->is_number_integer() ? found->template get<T>() : fallback;
  }
}

std::optional<double> measured(const nlohmann::json& entry, const char* key) {
  const auto found = entry.find(key);
  if (found == entry.end() || !found->is_number()) return std::nullopt;
  return found->get<double>();
}

// The project, queue entry and final figures that run.json holds; any of them may be missing
// (a run recorded before they were kept, or still training).
void read_run_facts(const nlohmann::json& run, RecordedRun& record) {
  if (const auto project = run.find("project"); project != run.end() && project->is_object()) {
    ProjectLoadResult loaded = ProjectFile::parse(project->dump());
    if (loaded.ok()) record.project = std::move(*loaded.project);
  }
  record.graph_version = field_or(run, "graph_version", std::string());
  if (const auto origin = run.find("origin"); origin != run.end()) {
    record.origin = origin_facts(*origin);
  }
  if (const auto queue = run.find("queue"); queue != run.end() && queue->is_object()) {
    record.queued_run = field_or(*queue, "run", std::string());
    record.sweep = field_or(*queue, "sweep", std::string());
    record.label = field_or(*queue, "label", std::string());
  }
  RecordedFigures& figures = record.figures;
  figures.wall_seconds = measured(run, "wall_seconds");
  const auto summary = run.find("summary");
  if (summary == run.end() || !summary->is_object()) return;
  figures.train_loss = measured(*summary, "train_loss");
  figures.val_loss = measured(*summary, "val_loss");
  figures.val_accuracy = measured(*summary, "val_accuracy");
  figures.val_balanced_accuracy = measured(*summary, "val_balanced_accuracy");
  figures.val_macro_f1 = measured(*summary, "val_macro_f1");
  figures.val_mean_iou = measured(*summary, "val_mean_iou");
  figures.best_val_mean_iou = measured(*summary, "best_val_mean_iou");
  figures.samples_per_second = measured(*summary, "samples_per_second");
  figures.peak_memory_bytes = field_or(*summary, "peak_memory_bytes", std::uint64_t{0});
  figures.steps = field_or(*summary, "steps", std::int64_t{0});
  figures.epochs = field_or(*summary, "epochs", std::int64_t{0});
}

}  // namespace

std::optional<RecordedRun> load_recorded_run(const std::filesystem::path& folder,
                                             RunDetail detail) {
  std::ifstream run_file(folder / "run.json");
  const nlohmann::json run = nlohmann::json::parse(run_file, nullptr, /*allow_exceptions=*/false);
  if (!run.is_object() || field_or(run, "format", std::string()) != "convstudio-run")
    return std::nullopt;
  RecordedRun record;
  record.folder = folder;
  record.name = folder.filename().string();
  record.state = field_or(run, "state", std::string("unknown"));
  record.end_reason = field_or(run, "end_reason", std::string());
  record.started = field_or(run, "started", std::string());
  if (run.contains("project") && run["project"].contains("training")) {
    record.settings_summary = settings_summary(run["project"]["training"]);
  }
  read_run_facts(run, record);
  if (detail == RunDetail::Summary) return record;
  // metrics.jsonl is the full record; a folder that has only the CSV (copied without it) still
  // reads.
  RecordedMetrics metrics;
  if (std::ifstream jsonl(folder / "metrics.jsonl"); jsonl) {
    metrics = read_metrics_jsonl(
        jsonl, detail == RunDetail::Epochs ? MetricLines::EpochsOnly : MetricLines::All);
  } else if (std::ifstream csv(folder / "metrics.csv"); csv) {
    metrics = read_metrics_csv(csv);
    if (detail == RunDetail::Epochs) metrics.steps.clear();
  }
  record.steps = std::move(metrics.steps);
  record.epochs = std::move(metrics.epochs);
  return record;
}

std::vector<RecordedRun> list_recorded_runs(const std::filesystem::path& project_file,
                                            RunDetail detail) {
  const std::filesystem::path runs = runs_folder(project_file);
  std::vector<RecordedRun> found;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(runs, ec)) {
    if (!entry.is_directory()) continue;
    if (auto run = load_recorded_run(entry.path(), detail)) found.push_back(std::move(*run));
  }
  std::sort(found.begin(), found.end(),
            [](const RecordedRun& a, const RecordedRun& b) { return a.name > b.name; });
  return found;
}

}  // namespace convstudio
