#include "convstudio/runs/run_recorder.h"

#include <array>
#include <chrono>
#include <cmath>
#include <ctime>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "convstudio/io/atomic_write.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/runs/metric_list.h"
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
  // A resumed run's rows fit the header its metrics.csv began with, even one an earlier
  // version wrote with other columns.
  std::string header;
  if (resumed) {
    std::ifstream existing(csv_file);
    std::getline(existing, header);
  }
  if (!header.empty()) csv_columns_ = MetricsCsv(header);
  const auto mode = resumed ? std::ios::app : std::ios::trunc;
  jsonl_.open(folder_ / "metrics.jsonl", std::ios::out | mode);
  csv_.open(csv_file, std::ios::out | mode);
  if (header.empty()) csv_ << csv_columns_.header();
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

// The list's metrics of one cadence with a TensorBoard tag, as the charts show them: memory in
// MiB (a float32 holds MiB exactly enough; bytes would lose their last digits), and the CUDA
// allocator's figures only when training on a GPU, as the memory chart shows them.
template <class Metrics>
std::size_t tensorboard_scalars(const Metrics& metrics, bool cuda,
                                std::array<TensorBoardWriter::Scalar, kMetricCount>& out) {
  constexpr double kMiB = 1024.0 * 1024.0;
  std::size_t count = 0;
  for (const MetricDescriptor& metric : kMetrics) {
    if (metric.tensorboard.empty() || (metric.device == MetricDevice::Cuda && !cuda)) continue;
    double value = 0;
    if constexpr (std::is_same_v<Metrics, StepMetrics>) {
      if (metric.cadence() != MetricCadence::Step) continue;
      value = metric.field.step_value(metrics);
    } else {
      if (metric.cadence() != MetricCadence::Epoch || !metric.measured_in(metrics)) continue;
      value = metric.field.epoch_value(metrics);
    }
    if (metric.unit == MetricUnit::Bytes) value /= kMiB;
    out[count++] = {metric.tensorboard.data(), value};
  }
  return count;
}

// A file being followed (File > Open Run…) shows a slow run's steps this soon.
constexpr std::chrono::seconds kFlushInterval(1);

}  // namespace

void RunRecorder::on_step(const StepMetrics& s) {
  if (!lock_) return;
  jsonl_ << step_jsonl_line(s);
  csv_ << csv_columns_.row(s);
  last_step_ = s.step;
  if (const auto now = std::chrono::steady_clock::now(); now - flushed_ >= kFlushInterval) {
    flushed_ = now;
    jsonl_.flush();
    csv_.flush();
  }
  std::array<TensorBoardWriter::Scalar, kMetricCount> scalars;
  const std::size_t count = tensorboard_scalars(s, s.memory.is_cuda, scalars);
  tensorboard_->add_scalars(s.step, std::span(scalars.data(), count));
}

void RunRecorder::on_epoch(const EpochMetrics& e) {
  if (!lock_) return;
  jsonl_ << epoch_jsonl_line(e);
  jsonl_.flush();
  check(jsonl_, "metrics.jsonl");
  csv_ << csv_columns_.row(e);
  csv_.flush();
  check(csv_, "metrics.csv");

  // Drawn at the step the validation followed, so they line up with the step loss.
  std::array<TensorBoardWriter::Scalar, kMetricCount> scalars;
  const std::size_t count = tensorboard_scalars(e, false, scalars);
  const std::int64_t step = e.step > 0 ? e.step : last_step_;
  tensorboard_->add_scalars(step, std::span(scalars.data(), count));
  add_per_class_scalars(e, step);
  tensorboard_->flush();
  check_tensorboard();
}

void RunRecorder::add_per_class_scalars(const EpochMetrics& e, std::int64_t step) {
  // Tags by class name ("precision/Sneaker"), a number where the name is missing; a list of
  // kMetrics cannot hold them, as the classes come with the data.
  std::vector<std::string> tags;
  std::vector<double> values;
  for (std::size_t c = 0; c < e.per_class.size(); ++c) {
    const std::string name = c < e.class_names.size() ? e.class_names[c] : std::to_string(c);
    const ClassFigures& f = e.per_class[c];
    for (const auto& [figure, value] :
         {std::pair{"precision/", f.precision}, {"recall/", f.recall}, {"f1/", f.f1}}) {
      tags.push_back(std::string(figure) + name);
      values.push_back(value);
    }
  }
  // Segmentation: each class's IoU ("iou/background"), where the class was present.
  for (std::size_t c = 0; c < e.val_class_iou.size(); ++c) {
    if (std::isnan(e.val_class_iou[c])) continue;
    tags.push_back("iou/" + (c < e.class_names.size() ? e.class_names[c] : std::to_string(c)));
    values.push_back(e.val_class_iou[c]);
  }
  std::vector<TensorBoardWriter::Scalar> scalars;
  for (std::size_t i = 0; i < tags.size(); ++i) scalars.push_back({tags[i].c_str(), values[i]});
  if (!scalars.empty()) tensorboard_->add_scalars(step, scalars);
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

void RunRecorder::on_origin(const RunOrigin& origin) {
  if (!lock_) return;
  nlohmann::json now = run_origin_json(origin);
  const auto before = run_.find("origin");
  if (before != run_.end() && *before != now) run_["earlier_origins"].push_back(*before);
  run_["origin"] = std::move(now);
  write_run_file();
}

void RunRecorder::record_queue_entry(const std::string& queued_run, const std::string& sweep,
                                     const std::string& label) {
  run_["queue"] = {{"run", queued_run}, {"sweep", sweep}, {"label", label}};
  write_run_file();
}

void RunRecorder::record_pruned(const std::string& reason) {
  if (!lock_) return;
  run_["state"] = kPrunedRunState;
  run_["end_reason"] = reason;
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
