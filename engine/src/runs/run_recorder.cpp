#include "convstudio/runs/run_recorder.h"

#include <chrono>
#include <ctime>

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

RunRecorder::RunRecorder(const std::filesystem::path& folder, const Project& project)
    : folder_(folder) {
  std::error_code ec;
  std::filesystem::create_directories(folder_, ec);
  run_ = {{"format", "convstudio-run"},
          {"version", 1},
          {"started", local_time_text("%Y-%m-%dT%H:%M:%S")},
          {"state", "preparing"},
          {"project", nlohmann::json::parse(ProjectFile::serialize(project))}};
  write_run_file();
  jsonl_.open(folder_ / "metrics.jsonl");
  csv_.open(folder_ / "metrics.csv");
  csv_ << "kind,step,epoch,loss,lr,samples_per_second,loss_scale,skipped_steps,"
          "memory_allocated_bytes,memory_reserved_bytes,resident_bytes,train_loss,"
          "train_accuracy,val_loss,val_accuracy,duration_seconds\n";
  ok_ = !ec && jsonl_.good() && csv_.good();
}

void RunRecorder::write_run_file() {
  // Small, rewritten at state changes only: a plain rewrite is enough.
  std::ofstream out(folder_ / "run.json");
  out << run_.dump(2) << "\n";
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
  csv_ << "epoch,," << e.epoch << ",,,,,,,,," << e.train_loss << "," << e.train_accuracy << ","
       << e.val_loss << "," << e.val_accuracy << "," << e.duration_seconds << "\n";
  csv_.flush();
}

void RunRecorder::on_state(RunState state, const std::string& message) {
  run_["state"] = to_string(state);
  if (!message.empty()) run_["message"] = message;
  jsonl_.flush();
  csv_.flush();
  write_run_file();
}

void RunRecorder::finish(const nlohmann::json& summary) {
  run_["summary"] = summary;
  write_run_file();
}

}  // namespace convstudio
