#include "convstudio/runs/run_recorder.h"

#include <chrono>
#include <ctime>

#include "convstudio/io/atomic_write.h"
#include "convstudio/model/project_file.h"
#include "timestamped_name.h"

namespace convstudio {

std::filesystem::path runs_folder(const std::filesystem::path& project_file) {
  std::filesystem::path runs = project_file;
  runs += ".runs";
  return runs;
}

std::filesystem::path new_run_folder(const std::filesystem::path& project_file) {
  return unique_timestamped_path(runs_folder(project_file), "", [](const auto& folder) {
    std::error_code ec;
    return std::filesystem::exists(folder, ec);
  });
}

RunRecorder::RunRecorder(const std::filesystem::path& folder, const Project& project, Start start)
    : folder_(folder) {
  std::error_code ec;
  std::filesystem::create_directories(folder_, ec);
  if (ec) problem_ = folder_.string() + ": cannot create the folder: " + ec.message();
  const auto now = local_time_text("%Y-%m-%dT%H:%M:%S");
  const std::filesystem::path csv_file = folder_ / "metrics.csv";
  const bool resumed = start == Start::Resumed && std::filesystem::is_regular_file(csv_file, ec);
  nlohmann::json previous;
  if (resumed) {
    std::ifstream in(folder_ / "run.json");
    previous = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  }
  if (resumed && previous.is_object()) {
    // The record of the run so far stays; this part is noted as a resumption.
    run_ = std::move(previous);
    run_["resumed"].push_back(now);
    run_["state"] = "preparing";
    run_.erase("summary");
  } else {
    run_ = {{"format", "convstudio-run"},
            {"version", 1},
            {"started", now},
            {"state", "preparing"},
            {"project", nlohmann::json::parse(ProjectFile::serialize(project))}};
    if (resumed) run_["resumed"] = nlohmann::json::array({now});
  }
  write_run_file();
  const auto mode = resumed ? std::ios::app : std::ios::trunc;
  jsonl_.open(folder_ / "metrics.jsonl", std::ios::out | mode);
  csv_.open(csv_file, std::ios::out | mode);
  if (!resumed) {
    csv_ << "kind,step,epoch,loss,lr,samples_per_second,loss_scale,skipped_steps,"
            "memory_allocated_bytes,memory_reserved_bytes,resident_bytes,train_loss,"
            "train_accuracy,val_loss,val_accuracy,duration_seconds\n";
  }
  check(jsonl_, "metrics.jsonl");
  check(csv_, "metrics.csv");
}

void RunRecorder::check(const std::ofstream& stream, const char* file) {
  if (stream.good() || !problem_.empty()) return;
  problem_ = (folder_ / file).string() + ": cannot write (disk full, or the folder is gone?)";
}

void RunRecorder::write_run_file() {
  // Rewritten at state changes: atomically, so a crash mid-write leaves the previous run.json.
  if (auto error = write_file_atomically(folder_ / "run.json", run_.dump(2) + "\n")) {
    if (problem_.empty()) problem_ = error->describe();
  }
}

void RunRecorder::on_step(const StepMetrics& s) {
  const nlohmann::json line = {{"kind", "step"},
                               {"step", s.step},
                               {"epoch", s.epoch},
                               {"batch", s.batch_in_epoch},
                               {"loss", s.loss},
                               {"lr", s.lr},
                               {"samples_per_second", s.samples_per_second},
                               {"loss_scale", s.loss_scale},
                               {"skipped_steps", s.skipped_steps},
                               {"memory_allocated_bytes", s.memory.allocated_bytes},
                               {"memory_reserved_bytes", s.memory.reserved_bytes},
                               {"memory_peak_bytes", s.memory.peak_allocated_bytes},
                               {"resident_bytes", s.memory.resident_bytes}};
  jsonl_ << line.dump() << "\n";
  csv_ << "step," << s.step << "," << s.epoch << "," << s.loss << "," << s.lr << ","
       << s.samples_per_second << "," << s.loss_scale << "," << s.skipped_steps << ","
       << s.memory.allocated_bytes << "," << s.memory.reserved_bytes << ","
       << s.memory.resident_bytes << ",,,,,\n";
}

void RunRecorder::on_epoch(const EpochMetrics& e) {
  const nlohmann::json line = {{"kind", "epoch"},
                               {"epoch", e.epoch},
                               {"train_loss", e.train_loss},
                               {"train_accuracy", e.train_accuracy},
                               {"val_loss", e.val_loss},
                               {"val_accuracy", e.val_accuracy},
                               {"duration_seconds", e.duration_seconds},
                               {"confusion", e.confusion},
                               {"class_names", e.class_names}};
  jsonl_ << line.dump() << "\n";
  jsonl_.flush();
  check(jsonl_, "metrics.jsonl");
  csv_ << "epoch,," << e.epoch << ",,,,,,,,," << e.train_loss << "," << e.train_accuracy << ","
       << e.val_loss << "," << e.val_accuracy << "," << e.duration_seconds << "\n";
  csv_.flush();
  check(csv_, "metrics.csv");
}

void RunRecorder::on_state(RunState state, const std::string& message) {
  run_["state"] = to_string(state);
  if (!message.empty()) run_["message"] = message;
  jsonl_.flush();
  csv_.flush();
  check(jsonl_, "metrics.jsonl");
  check(csv_, "metrics.csv");
  write_run_file();
}

void RunRecorder::finish(const nlohmann::json& summary) {
  run_["summary"] = summary;
  write_run_file();
}

}  // namespace convstudio
