#include "convstudio/runs/run_history.h"

#include "convstudio/runs/run_recorder.h"

#include <algorithm>
#include <fstream>

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

}  // namespace

std::optional<RecordedRun> load_recorded_run(const std::filesystem::path& folder,
                                             RunDetail detail) {
  std::ifstream run_file(folder / "run.json");
  const nlohmann::json run = nlohmann::json::parse(run_file, nullptr, /*allow_exceptions=*/false);
  if (!run.is_object() || run.value("format", "") != "convstudio-run") return std::nullopt;
  RecordedRun record;
  record.folder = folder;
  record.name = folder.filename().string();
  record.state = run.value("state", "unknown");
  record.started = run.value("started", "");
  if (run.contains("project") && run["project"].contains("training")) {
    record.settings_summary = settings_summary(run["project"]["training"]);
  }
  if (detail == RunDetail::Summary) return record;
  std::ifstream metrics(folder / "metrics.jsonl");
  std::string line;
  std::int64_t last_step = 0;
  while (std::getline(metrics, line)) {
    const nlohmann::json entry = nlohmann::json::parse(line, nullptr, false);
    if (!entry.is_object()) continue;  // a line cut short by a crash
    if (entry.value("kind", "") == "step") {
      RecordedStep step;
      step.step = entry.value("step", std::int64_t{0});
      step.loss = entry.value("loss", 0.0);
      step.lr = entry.value("lr", 0.0);
      step.samples_per_second = entry.value("samples_per_second", 0.0);
      step.memory_allocated_bytes = entry.value("memory_allocated_bytes", std::uint64_t{0});
      step.memory_reserved_bytes = entry.value("memory_reserved_bytes", std::uint64_t{0});
      step.memory_peak_bytes = entry.value("memory_peak_bytes", std::uint64_t{0});
      step.resident_bytes = entry.value("resident_bytes", std::uint64_t{0});
      last_step = step.step;
      record.steps.push_back(step);
    } else if (entry.value("kind", "") == "epoch") {
      RecordedEpoch epoch;
      epoch.epoch = entry.value("epoch", std::int64_t{0});
      epoch.step = last_step;
      epoch.train_loss = entry.value("train_loss", 0.0);
      epoch.train_accuracy = entry.value("train_accuracy", 0.0);
      epoch.val_loss = entry.value("val_loss", 0.0);
      epoch.val_accuracy = entry.value("val_accuracy", 0.0);
      // A malformed matrix is dropped rather than failing the whole run.
      try {
        if (entry.contains("confusion")) {
          epoch.confusion = entry["confusion"].get<std::vector<std::vector<std::int64_t>>>();
        }
        if (entry.contains("class_names")) {
          epoch.class_names = entry["class_names"].get<std::vector<std::string>>();
        }
      } catch (const nlohmann::json::exception&) {
        epoch.confusion.clear();
        epoch.class_names.clear();
      }
      record.epochs.push_back(std::move(epoch));
    }
  }
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
