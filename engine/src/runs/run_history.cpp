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

std::optional<RecordedRun> load_recorded_run(const std::filesystem::path& folder) {
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
  std::ifstream metrics(folder / "metrics.jsonl");
  std::string line;
  while (std::getline(metrics, line)) {
    const nlohmann::json entry = nlohmann::json::parse(line, nullptr, false);
    if (!entry.is_object()) continue;  // a line cut short by a crash
    if (entry.value("kind", "") == "step") {
      record.steps.push_back(
          {entry.value("step", std::int64_t{0}), entry.value("loss", 0.0), entry.value("lr", 0.0)});
    } else if (entry.value("kind", "") == "epoch") {
      record.epochs.push_back({entry.value("epoch", std::int64_t{0}),
                               entry.value("train_loss", 0.0), entry.value("val_loss", 0.0),
                               entry.value("val_accuracy", 0.0)});
    }
  }
  return record;
}

std::optional<std::filesystem::path> newest_trained_model(
    const std::filesystem::path& project_file) {
  const std::filesystem::path runs = runs_folder(project_file);
  std::vector<std::filesystem::path> folders;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(runs, ec)) {
    if (entry.is_directory(ec)) folders.push_back(entry.path());
  }
  // Run folders are named by their start time, so the greatest name is the newest run.
  std::sort(folders.rbegin(), folders.rend());
  for (const std::filesystem::path& folder : folders) {
    for (const char* name : {"best.ckpt", "last.ckpt"}) {
      if (std::filesystem::is_directory(folder / name, ec)) return folder / name;
    }
  }
  return std::nullopt;
}

std::vector<RecordedRun> list_recorded_runs(const std::filesystem::path& project_file) {
  const std::filesystem::path runs = runs_folder(project_file);
  std::vector<RecordedRun> found;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(runs, ec)) {
    if (!entry.is_directory()) continue;
    if (auto run = load_recorded_run(entry.path())) found.push_back(std::move(*run));
  }
  std::sort(found.begin(), found.end(),
            [](const RecordedRun& a, const RecordedRun& b) { return a.name > b.name; });
  return found;
}

}  // namespace convstudio
