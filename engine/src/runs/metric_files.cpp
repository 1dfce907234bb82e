#include "convstudio/runs/metric_files.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

#include <nlohmann/json.hpp>

#include "convstudio/runs/metrics_jsonl_reader.h"

namespace convstudio {
namespace {

constexpr double kAbsent = std::numeric_limits<double>::quiet_NaN();

// The lines are formatted here rather than through a nlohmann::json object and ostream numbers:
// those cost about 40 us a step on this project's 2-core machine, 1% of a lenet5 step;
// std::to_chars writes the same numbers (shortest text that reads back exactly) in a few hundred
// nanoseconds.
class MetricsLine {
 public:
  explicit MetricsLine(bool json) : json_(json) {}
  // Text as it is: a JSON value after key(), or a CSV field.
  MetricsLine& raw(std::string_view text) {
    separate();
    text_ += text;
    return *this;
  }
  MetricsLine& key(std::string_view name) {
    text_ += first_ ? "{\"" : ",\"";
    first_ = false;
    text_ += name;
    text_ += "\":";
    return *this;
  }
  MetricsLine& empty() { return raw({}); }
  MetricsLine& value(double value, bool integer) {
    separate();
    if (!std::isfinite(value)) {
      text_ += json_ ? "null" : (std::isnan(value) ? "nan" : value > 0 ? "inf" : "-inf");
      return *this;
    }
    char digits[32];
    if (integer) {
      // Every count and byte figure a run reaches is below 2^53, so the double holds it exactly.
      const auto [end, error] =
          std::to_chars(digits, digits + sizeof digits, static_cast<std::int64_t>(value));
      text_.append(digits, end);
      return *this;
    }
    const auto [end, error] = std::to_chars(digits, digits + sizeof digits, value);
    const std::string_view written(digits, static_cast<std::size_t>(end - digits));
    text_ += written;
    // As nlohmann writes a double: 2.0, not 2 (which JSON readers would take for an integer).
    if (json_ && written.find_first_of(".e") == std::string_view::npos) text_ += ".0";
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

double value_of(const MetricDescriptor& metric, const StepMetrics& step) {
  return metric.field.step_value(step);
}
double value_of(const MetricDescriptor& metric, const EpochMetrics& epoch) {
  return metric.field.epoch_value(epoch);
}

bool written_for(const MetricDescriptor&, const StepMetrics&) {
  return true;
}
bool written_for(const MetricDescriptor& metric, const EpochMetrics& epoch) {
  return metric.measured_in(epoch);
}

template <class Metrics>
MetricsLine jsonl_fields(const Metrics& metrics, MetricCadence cadence, std::string_view kind) {
  MetricsLine line(true);
  line.key("kind").raw(kind);
  for (const MetricDescriptor& metric : kMetrics) {
    if (metric.cadence() != cadence || metric.jsonl.empty()) continue;
    if (!written_for(metric, metrics)) continue;
    line.key(metric.jsonl).value(value_of(metric, metrics), metric.field.integer);
  }
  return line;
}

// A number or kAbsent: a null (a figure that was not finite), another type or a missing key.
double number_at(const nlohmann::json& entry, std::string_view key) {
  const auto found = entry.find(key);
  return found != entry.end() && found->is_number() ? found->get<double>() : kAbsent;
}

double parse_number(std::string_view text) {
  double value = kAbsent;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() ? value : kAbsent;
}

std::vector<std::string_view> split_fields(std::string_view row) {
  if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  for (std::size_t comma = row.find(','); comma != std::string_view::npos;
       comma = row.find(',', start)) {
    fields.push_back(row.substr(start, comma - start));
    start = comma + 1;
  }
  fields.push_back(row.substr(start));
  return fields;
}

// The process's peak resident memory is not in the files: its running maximum is the same
// figure, since the kernel's high-water mark only rises.
void fill_peak_resident(std::vector<RecordedStep>& steps) {
  constexpr std::size_t resident = metric_index("resident");
  constexpr std::size_t peak = metric_index("peak_resident");
  double highest = 0;
  for (RecordedStep& step : steps) {
    if (std::isfinite(step.value(resident))) highest = std::max(highest, step.value(resident));
    if (std::isnan(step.value(peak))) step.set(peak, highest);
  }
}

}  // namespace

RecordedStep RecordedStep::of(const StepMetrics& step) {
  RecordedStep recorded;
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    if (kMetrics[i].cadence() == MetricCadence::Step) {
      recorded.set(i, kMetrics[i].field.step_value(step));
    }
  }
  return recorded;
}

StepMetrics RecordedStep::metrics() const {
  StepMetrics step;
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    if (kMetrics[i].cadence() == MetricCadence::Step) {
      kMetrics[i].field.set_step_value(step, value(i));
    }
  }
  // A GPU run's steps hold the allocator's figures, a CPU run's none.
  step.memory.is_cuda = step.memory.allocated_bytes > 0 || step.memory.reserved_bytes > 0 ||
                        step.memory.peak_allocated_bytes > 0;
  return step;
}

std::int64_t RecordedStep::step() const {
  return metric_detail::from_double<std::int64_t>(value(metric_index("step")));
}

std::string step_jsonl_line(const StepMetrics& step) {
  return jsonl_fields(step, MetricCadence::Step, "\"step\"").finish();
}

std::string epoch_jsonl_line(const EpochMetrics& epoch) {
  MetricsLine line = jsonl_fields(epoch, MetricCadence::Epoch, "\"epoch\"");
  line.key("confusion").raw(nlohmann::json(epoch.confusion).dump());
  line.key("class_names").raw(nlohmann::json(epoch.class_names).dump());
  nlohmann::json per_class = nlohmann::json::array();
  for (const ClassFigures& f : epoch.per_class) {
    per_class.push_back(
        {{"precision", f.precision}, {"recall", f.recall}, {"f1", f.f1}, {"support", f.support}});
  }
  line.key("per_class").raw(per_class.dump());
  // Segmentation: each class's IoU, null for a class in neither truth nor prediction.
  if (!epoch.val_class_iou.empty()) {
    nlohmann::json class_iou = nlohmann::json::array();
    for (const double iou : epoch.val_class_iou) {
      class_iou.push_back(std::isnan(iou) ? nlohmann::json(nullptr) : nlohmann::json(iou));
    }
    line.key("val_class_iou").raw(class_iou.dump());
  }
  return line.finish();
}

MetricsCsv::MetricsCsv() {
  columns_.emplace_back("kind");
  for (const MetricDescriptor& metric : kMetrics) {
    if (metric.csv.empty()) continue;
    if (std::find(columns_.begin(), columns_.end(), metric.csv) == columns_.end()) {
      columns_.emplace_back(metric.csv);
    }
  }
  map_columns();
}

MetricsCsv::MetricsCsv(std::string_view header) {
  for (std::string_view column : split_fields(header)) columns_.emplace_back(column);
  map_columns();
}

void MetricsCsv::map_columns() {
  step_metric_.assign(columns_.size(), -1);
  epoch_metric_.assign(columns_.size(), -1);
  for (std::size_t c = 0; c < columns_.size(); ++c) {
    if (columns_[c] == "kind") kind_column_ = static_cast<int>(c);
    for (std::size_t i = 0; i < kMetricCount; ++i) {
      if (kMetrics[i].csv != columns_[c]) continue;
      auto& mapped = kMetrics[i].cadence() == MetricCadence::Step ? step_metric_ : epoch_metric_;
      mapped[c] = static_cast<int>(i);
    }
  }
}

std::string MetricsCsv::header() const {
  std::string text;
  for (const std::string& column : columns_) {
    if (!text.empty()) text += ',';
    text += column;
  }
  return text + "\n";
}

std::string MetricsCsv::row(const StepMetrics& step) const {
  MetricsLine line(false);
  for (std::size_t c = 0; c < columns_.size(); ++c) {
    if (static_cast<int>(c) == kind_column_) {
      line.raw("step");
    } else if (const int metric = step_metric_[c]; metric >= 0) {
      line.value(kMetrics[metric].field.step_value(step), kMetrics[metric].field.integer);
    } else {
      line.empty();
    }
  }
  return line.finish();
}

std::string MetricsCsv::row(const EpochMetrics& epoch) const {
  MetricsLine line(false);
  for (std::size_t c = 0; c < columns_.size(); ++c) {
    if (static_cast<int>(c) == kind_column_) {
      line.raw("epoch");
    } else if (const int metric = epoch_metric_[c];
               metric >= 0 && kMetrics[metric].measured_in(epoch)) {
      line.value(kMetrics[metric].field.epoch_value(epoch), kMetrics[metric].field.integer);
    } else {
      line.empty();
    }
  }
  return line.finish();
}

std::string_view MetricsCsv::kind_of(std::string_view row) const {
  if (kind_column_ < 0) return {};
  const std::vector<std::string_view> fields = split_fields(row);
  return static_cast<std::size_t>(kind_column_) < fields.size() ? fields[kind_column_]
                                                                : std::string_view();
}

bool MetricsCsv::read(std::string_view row, RecordedStep& step) const {
  const std::vector<std::string_view> fields = split_fields(row);
  if (fields.size() != columns_.size() || kind_of(row) != "step") return false;
  step.values.fill(kAbsent);
  for (std::size_t c = 0; c < fields.size(); ++c) {
    if (step_metric_[c] >= 0) step.set(step_metric_[c], parse_number(fields[c]));
  }
  return true;
}

bool MetricsCsv::read(std::string_view row, RecordedEpoch& epoch) const {
  const std::vector<std::string_view> fields = split_fields(row);
  if (fields.size() != columns_.size() || kind_of(row) != "epoch") return false;
  for (const MetricDescriptor& metric : kMetrics) {
    if (metric.cadence() == MetricCadence::Epoch) metric.field.set_epoch_value(epoch, kAbsent);
  }
  for (std::size_t c = 0; c < fields.size(); ++c) {
    if (epoch_metric_[c] < 0) continue;
    kMetrics[epoch_metric_[c]].field.set_epoch_value(epoch, parse_number(fields[c]));
  }
  return true;
}

bool MetricsJsonlReader::skip_step_line(std::string_view line) {
  constexpr std::string_view kPrefix = R"({"kind":"step","step":)";
  if (!line.starts_with(kPrefix)) return false;
  const char* first = line.data() + kPrefix.size();
  std::int64_t step = 0;
  const auto [end, error] = std::from_chars(first, line.data() + line.size(), step);
  if (error != std::errc() || end == first) return false;
  last_step_ = step;
  return true;
}

bool MetricsJsonlReader::read_line(std::string_view line, RecordedMetrics& into) {
  const nlohmann::json entry = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!entry.is_object()) return false;  // a line cut short by a crash
  const auto kind = entry.find("kind");
  if (kind == entry.end() || !kind->is_string()) return false;
  if (*kind == "step") {
    RecordedStep step;
    for (std::size_t i = 0; i < kMetricCount; ++i) {
      if (kMetrics[i].cadence() != MetricCadence::Step) continue;
      step.set(i, kMetrics[i].jsonl.empty() ? kAbsent : number_at(entry, kMetrics[i].jsonl));
    }
    // The process's peak resident memory is not in the file (see fill_peak_resident).
    constexpr std::size_t resident = metric_index("resident");
    constexpr std::size_t peak = metric_index("peak_resident");
    if (std::isfinite(step.value(resident))) {
      highest_resident_ = std::max(highest_resident_, step.value(resident));
    }
    if (std::isnan(step.value(peak))) step.set(peak, highest_resident_);
    last_step_ = step.step();
    into.steps.push_back(step);
    return true;
  }
  if (*kind != "epoch") return false;
  RecordedEpoch epoch;
  for (const MetricDescriptor& metric : kMetrics) {
    if (metric.cadence() != MetricCadence::Epoch) continue;
    metric.field.set_epoch_value(epoch,
                                 metric.jsonl.empty() ? kAbsent : number_at(entry, metric.jsonl));
  }
  if (epoch.step <= 0) epoch.step = last_step_;  // written before validations carried their step
  // A malformed matrix is dropped rather than failing the whole run.
  try {
    if (entry.contains("confusion")) {
      epoch.confusion = entry["confusion"].get<std::vector<std::vector<std::int64_t>>>();
    }
    if (entry.contains("class_names")) {
      epoch.class_names = entry["class_names"].get<std::vector<std::string>>();
    }
    if (const auto class_iou = entry.find("val_class_iou");
        class_iou != entry.end() && class_iou->is_array()) {
      for (const nlohmann::json& iou : *class_iou) {
        epoch.val_class_iou.push_back(iou.is_number() ? iou.get<double>() : kAbsent);
      }
    }
  } catch (const nlohmann::json::exception&) {
    epoch.confusion.clear();
    epoch.class_names.clear();
    epoch.val_class_iou.clear();
  }
  into.epochs.push_back(std::move(epoch));
  return true;
}

RecordedMetrics read_metrics_jsonl(std::istream& in, MetricLines lines) {
  RecordedMetrics read;
  MetricsJsonlReader reader;
  std::string line;
  while (std::getline(in, line)) {
    if (lines == MetricLines::EpochsOnly && reader.skip_step_line(line)) continue;
    reader.read_line(line, read);
  }
  if (lines == MetricLines::EpochsOnly) read.steps.clear();  // a foreign writer's, parsed
  return read;
}

RecordedMetrics read_metrics_csv(std::istream& in) {
  RecordedMetrics read;
  std::string line;
  if (!std::getline(in, line)) return read;
  const MetricsCsv csv(line);
  std::int64_t last_step = 0;
  while (std::getline(in, line)) {
    const std::string_view kind = csv.kind_of(line);
    if (kind == "step") {
      RecordedStep step;
      if (!csv.read(line, step)) continue;
      last_step = step.step();
      read.steps.push_back(step);
    } else if (kind == "epoch") {
      RecordedEpoch epoch;
      if (!csv.read(line, epoch)) continue;
      if (epoch.step <= 0) epoch.step = last_step;  // a file from before the step column held it
      read.epochs.push_back(std::move(epoch));
    }
  }
  fill_peak_resident(read.steps);
  return read;
}

std::string metrics_csv_text(const std::vector<RecordedStep>& steps,
                             const std::vector<RecordedEpoch>& epochs) {
  const MetricsCsv csv;
  std::string text = csv.header();
  auto epoch = epochs.begin();
  for (const RecordedStep& step : steps) {
    // Epochs that ended before this step (none should, but a hand-built list may hold them).
    for (; epoch != epochs.end() && epoch->step < step.step(); ++epoch) text += csv.row(*epoch);
    text += csv.row(step.metrics());
    for (; epoch != epochs.end() && epoch->step == step.step(); ++epoch) text += csv.row(*epoch);
  }
  for (; epoch != epochs.end(); ++epoch) text += csv.row(*epoch);
  return text;
}

}  // namespace convstudio
