#include "convstudio/runs/run_recorder.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <ctime>
#include <iterator>
#include <span>
#include <string_view>

#include "convstudio/io/atomic_write.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/runs/run_comparison.h"
#include "tensorboard/tensorboard_writer.h"
#include "timestamped_name.h"

namespace convstudio {

namespace {

// The run's settings as TensorBoard hyperparameters: the training settings under their project
// file names ("lr", "batch_size"), the dataset's with "dataset." in front, nested objects
// flattened with dots ("dataset.augmentation.horizontal_flip").
void flatten_settings(const nlohmann::json& settings, const std::string& prefix,
                      nlohmann::json& out) {
  for (const auto& [name, value] : settings.items()) {
    if (value.is_object()) {
      flatten_settings(value, prefix + name + ".", out);
    } else {
      out[prefix + name] = value;
    }
  }
}

nlohmann::json hyperparameters(const nlohmann::json& project) {
  nlohmann::json out = nlohmann::json::object();
  if (project.contains("training")) flatten_settings(project["training"], "", out);
  if (project.contains("dataset")) flatten_settings(project["dataset"], "dataset.", out);
  return out;
}

// The graph summary TensorBoard shows in its Text tab: what `convstudio-cli inspect` prints, as
// a Markdown table.
std::string graph_summary_markdown(const Project& project) {
  const ModelAnalysis analysis = ShapeInference::run(project.graph);
  std::string text = "| block | type | output | params | MACs |\n|---|---|---|---:|---:|\n";
  for (const BlockAnalysis& block : analysis.blocks) {
    text += "| " + block.id + " | " + block.type + " | " + block.output_shape.to_string() + " | " +
            std::to_string(block.params) + " | " + std::to_string(block.macs) + " |\n";
  }
  text += "\nparams: " + std::to_string(analysis.total_params()) +
          ", MACs per sample: " + std::to_string(analysis.total_macs()) + "\n";
  for (const Error& error : analysis.errors) text += "\n- " + error.describe();
  return text;
}

}  // namespace

RunRecorder::RunRecorder(const std::filesystem::path& folder, const Project& project, Start start)
    : folder_(folder) {
  bool in_use = false;
  Result<RunFolderLock> lock = RunFolderLock::acquire(folder_, &in_use);
  if (!lock) {
    if (in_use) in_use_ = lock.error();
    problem_ = lock.error().describe();
    return;
  }
  lock_.emplace(std::move(lock).value());
  std::error_code ec;
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
            {"project", nlohmann::json::parse(ProjectFile::serialize(project))},
            {"graph_version", graph_version(project.graph)}};
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

  tensorboard_ = std::make_unique<TensorBoardWriter>(folder_);
  tensorboard_->add_session_start(hyperparameters(run_["project"]), unix_time_now());
  tensorboard_->add_text(0, "graph/summary", graph_summary_markdown(project));
  tensorboard_->flush();
  check_tensorboard();
}

RunRecorder::~RunRecorder() = default;

void RunRecorder::check_tensorboard() {
  if (tensorboard_->ok() || !problem_.empty()) return;
  problem_ = tensorboard_->file().string() + ": cannot write (disk full, or the folder is gone?)";
}

void RunRecorder::check(const std::ofstream& stream, const char* file) {
  if (stream.good() || !problem_.empty()) return;
  problem_ = (folder_ / file).string() + ": cannot write (disk full, or the folder is gone?)";
}

void RunRecorder::write_run_file() {
  if (!lock_) return;  // the folder is another run's
  // Rewritten at state changes: atomically, so a crash mid-write leaves the previous run.json.
  if (auto error = write_file_atomically(folder_ / "run.json", run_.dump(2) + "\n")) {
    if (problem_.empty()) problem_ = error->describe();
  }
}

namespace {

// The per-step lines are formatted here rather than through a nlohmann::json object and
// ostream numbers: those cost about 40 us a step on this project's 2-core machine, 1% of a
// lenet5 step; std::to_chars writes the same numbers (shortest text that reads back exactly) in
// a few hundred nanoseconds. The epoch lines, rare and nested, keep nlohmann.
class MetricsLine {
 public:
  explicit MetricsLine(bool json) : json_(json) {}
  // Text as it is: a JSON value after key(), or CSV fields with their own commas.
  MetricsLine& raw(std::string_view text) {
    text_ += text;
    if (!json_) first_ = false;
    return *this;
  }
  MetricsLine& key(std::string_view name) {
    if (!json_) return *this;
    text_ += first_ ? "{\"" : ",\"";
    first_ = false;
    text_ += name;
    text_ += "\":";
    return *this;
  }
  MetricsLine& number(double value) {
    separate();
    if (!std::isfinite(value)) {
      text_ += json_ ? "null" : (std::isnan(value) ? "nan" : value > 0 ? "inf" : "-inf");
      return *this;
    }
    char digits[32];
    const auto [end, error] = std::to_chars(digits, digits + sizeof digits, value);
    const std::string_view written(digits, static_cast<std::size_t>(end - digits));
    text_ += written;
    // As nlohmann writes a double: 2.0, not 2 (which JSON readers would take for an integer).
    if (json_ && written.find_first_of(".e") == std::string_view::npos) text_ += ".0";
    return *this;
  }
  template <typename Integer>
  MetricsLine& integer(Integer value) {
    separate();
    char digits[24];
    const auto [end, error] = std::to_chars(digits, digits + sizeof digits, value);
    text_.append(digits, end);
    return *this;
  }
  std::string finish() {
    text_ += json_ ? "}\n" : "\n";
    return std::move(text_);
  }

 private:
  // JSON separates through key(); CSV puts a comma before every field after the first.
  void separate() {
    if (json_) return;
    if (!first_) text_ += ',';
    first_ = false;
  }

  bool json_;
  bool first_ = true;
  std::string text_;
};

}  // namespace

void RunRecorder::on_step(const StepMetrics& s) {
  if (!lock_) return;
  MetricsLine json(true);
  json.key("kind").raw("\"step\"");
  json.key("step").integer(s.step).key("epoch").integer(s.epoch);
  json.key("batch").integer(s.batch_in_epoch).key("loss").number(s.loss);
  json.key("lr").number(s.lr).key("samples_per_second").number(s.samples_per_second);
  json.key("loss_scale").number(s.loss_scale).key("skipped_steps").integer(s.skipped_steps);
  json.key("memory_allocated_bytes").integer(s.memory.allocated_bytes);
  json.key("memory_reserved_bytes").integer(s.memory.reserved_bytes);
  json.key("memory_peak_bytes").integer(s.memory.peak_allocated_bytes);
  json.key("resident_bytes").integer(s.memory.resident_bytes);
  jsonl_ << json.finish();

  MetricsLine csv(false);
  csv.raw("step").integer(s.step).integer(s.epoch).number(s.loss).number(s.lr);
  csv.number(s.samples_per_second).number(s.loss_scale).integer(s.skipped_steps);
  csv.integer(s.memory.allocated_bytes).integer(s.memory.reserved_bytes);
  csv.integer(s.memory.resident_bytes).raw(",,,,,");
  csv_ << csv.finish();

  // The charts' curves under TensorBoard tags, memory in MiB as the memory chart shows it (a
  // float32 holds MiB exactly enough; bytes would lose their last digits).
  last_step_ = s.step;
  constexpr double kMiB = 1024.0 * 1024.0;
  const MemorySnapshot& m = s.memory;
  const TensorBoardWriter::Scalar scalars[] = {
      {"loss/step", s.loss},
      {"learning_rate", s.lr},
      {"samples_per_second", s.samples_per_second},
      {"loss_scale", s.loss_scale},
      {"memory/resident_mib", static_cast<double>(m.resident_bytes) / kMiB},
      {"memory/peak_resident_mib", static_cast<double>(m.peak_resident_bytes) / kMiB},
      {"memory/cuda_allocated_mib", static_cast<double>(m.allocated_bytes) / kMiB},
      {"memory/cuda_reserved_mib", static_cast<double>(m.reserved_bytes) / kMiB},
      {"memory/cuda_peak_allocated_mib", static_cast<double>(m.peak_allocated_bytes) / kMiB},
  };
  // The CUDA curves only when training on a GPU, as the memory chart shows them.
  const std::size_t count = m.is_cuda ? std::size(scalars) : std::size(scalars) - 3;
  tensorboard_->add_scalars(s.step, std::span(scalars, count));
}

void RunRecorder::on_epoch(const EpochMetrics& e) {
  if (!lock_) return;
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

  // Drawn at the step the epoch ended on, so they line up with the step loss.
  const TensorBoardWriter::Scalar scalars[] = {
      {"loss/train_epoch", e.train_loss},    {"loss/validation", e.val_loss},
      {"accuracy/train", e.train_accuracy},  {"accuracy/validation", e.val_accuracy},
      {"epoch_seconds", e.duration_seconds},
  };
  tensorboard_->add_scalars(last_step_, scalars);
  tensorboard_->flush();
  check_tensorboard();
}

void RunRecorder::on_state(RunState state, const std::string& message) {
  if (!lock_) return;
  run_["state"] = to_string(state);
  if (!message.empty()) run_["message"] = message;
  jsonl_.flush();
  csv_.flush();
  check(jsonl_, "metrics.jsonl");
  check(csv_, "metrics.csv");
  if (state == RunState::Finished || state == RunState::Failed || state == RunState::Cancelled) {
    tensorboard_->add_session_end(state == RunState::Finished ? TensorBoardWriter::Outcome::Finished
                                  : state == RunState::Failed
                                      ? TensorBoardWriter::Outcome::Failed
                                      : TensorBoardWriter::Outcome::Cancelled,
                                  unix_time_now());
  }
  tensorboard_->flush();
  check_tensorboard();
  write_run_file();
}

void RunRecorder::record_queue_entry(const std::string& queued_run, const std::string& sweep,
                                     const std::string& label) {
  run_["queue"] = {{"run", queued_run}, {"sweep", sweep}, {"label", label}};
  write_run_file();
}

void RunRecorder::finish(const nlohmann::json& summary) {
  run_["summary"] = summary;
  // Each part of a resumed run adds its own time; the pauses between parts do not count.
  const std::chrono::duration<double> part = std::chrono::steady_clock::now() - started_;
  const auto before = run_.find("wall_seconds");
  const double earlier = before != run_.end() && before->is_number() ? before->get<double>() : 0;
  run_["wall_seconds"] = earlier + part.count();
  write_run_file();
}

}  // namespace convstudio
