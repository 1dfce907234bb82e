#pragma once
// The one list of the figures a run reports: each metric's name, unit, cadence (per step or per
// epoch), metrics.jsonl key, metrics.csv column, TensorBoard tag and the cockpit chart that draws
// it. The recorder, the history reader, the TensorBoard writer, the cockpit's charts and its CSV
// export all iterate kMetrics, so adding a metric is one line here plus its computation.
//
// Keys and columns are what run folders already hold: a line may add a metric, but a key or a
// column an earlier version wrote must keep its spelling, or that version's runs stop reading.

#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string_view>
#include <type_traits>
#include <utility>

#include "convstudio/runs/training_events.h"

// Chart labels are marked for Qt's lupdate (context "Metrics"; the studio translates them); the
// engine stays Qt-free, so the marker leaves the text as it is. Spelled as Qt spells it, so a
// file that includes Qt afterwards sees the same definition.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

namespace convstudio {

enum class MetricCadence { Step, Epoch };

// What a value measures; decides how it is shown: bytes as MiB (charts, TensorBoard), a ratio
// as a percentage on a chart.
enum class MetricUnit { Plain, Count, Bytes, Ratio, SamplesPerSecond, Seconds };

// The cockpit chart a metric is a curve of. Own: a chart of its own, titled by its label.
enum class MetricChart { None, Loss, Accuracy, LearningRate, Memory, Throughput, LossScale, Own };

// Which device's runs show it. Cuda: measured only on a GPU, so TensorBoard gets it and its
// curve shows only there. Host: the process's own figure, recorded always, whose curve gives way
// to the allocator's on a GPU.
enum class MetricDevice { Any, Cuda, Host };

// Which project task's runs measure it. Segmentation: only a segmentation run's validations
// (issue 38) have it; a classification run writes it nowhere (no JSONL key, an empty CSV field,
// no TensorBoard scalar) and its curve stays hidden.
enum class MetricTask { Any, Segmentation };

// How the list reads and writes one field of StepMetrics or EpochMetrics, as a double (exact
// for every integer a run reaches: counts and bytes stay below 2^53).
struct MetricField {
  MetricCadence cadence = MetricCadence::Step;
  bool integer = false;  // written without a decimal point
  double (*step_value)(const StepMetrics&) = nullptr;
  void (*set_step_value)(StepMetrics&, double) = nullptr;
  double (*epoch_value)(const EpochMetrics&) = nullptr;
  void (*set_epoch_value)(EpochMetrics&, double) = nullptr;
};

namespace metric_detail {

template <class Member>
struct MemberOf;
template <class Class, class Type>
struct MemberOf<Type Class::*> {
  using type = Class;
};

template <class Number>
Number from_double(double value) {
  if constexpr (std::floating_point<Number>) {
    return static_cast<Number>(value);
  } else {
    // A figure a file left out or wrote as null reads as 0.
    if (std::isnan(value) || value < static_cast<double>(std::numeric_limits<Number>::min()))
      return 0;
    return static_cast<Number>(value);
  }
}

}  // namespace metric_detail

// field<&StepMetrics::loss>(), field<&StepMetrics::memory, &MemorySnapshot::resident_bytes>():
// the cadence comes from the struct the path starts in.
template <auto First, auto... Rest>
constexpr MetricField field() {
  using Owner = typename metric_detail::MemberOf<decltype(First)>::type;
  using Number = std::remove_cvref_t<decltype(((std::declval<Owner&>().*First).*....*Rest))>;
  static_assert(std::is_arithmetic_v<Number>, "a metric is a number");
  constexpr auto get = [](const Owner& owner) -> double {
    return static_cast<double>(((owner.*First).*....*Rest));
  };
  constexpr auto set = [](Owner& owner, double value) {
    ((owner.*First).*....*Rest) = metric_detail::from_double<Number>(value);
  };
  MetricField out;
  out.integer = std::is_integral_v<Number>;
  if constexpr (std::is_same_v<Owner, StepMetrics>) {
    out.cadence = MetricCadence::Step;
    out.step_value = get;
    out.set_step_value = set;
  } else {
    static_assert(std::is_same_v<Owner, EpochMetrics>,
                  "a metric is a field of StepMetrics or "
                  "EpochMetrics");
    out.cadence = MetricCadence::Epoch;
    out.epoch_value = get;
    out.set_epoch_value = set;
  }
  return out;
}

struct MetricDescriptor {
  std::string_view id = {};  // the metric's name in code and tests
  MetricField field = {};
  MetricUnit unit = MetricUnit::Plain;
  std::string_view jsonl = {};        // key in metrics.jsonl
  std::string_view csv = {};          // column of metrics.csv
  std::string_view tensorboard = {};  // scalar tag (a literal, so .data() ends in NUL)
  MetricChart chart = MetricChart::None;
  const char* label = "";             // its curve's name (QT_TRANSLATE_NOOP("Metrics", …))
  std::uint32_t colour = 0xFF000000;  // its curve's colour, 0xAARRGGBB
  MetricDevice device = MetricDevice::Any;
  bool right_axis = false;  // drawn against the chart's right axis (a count beside a scale)
  MetricTask task = MetricTask::Any;

  constexpr MetricCadence cadence() const { return field.cadence; }
  // False for a segmentation figure of a classification run's epoch.
  bool measured_in(const EpochMetrics& epoch) const {
    return task == MetricTask::Any || !epoch.val_class_iou.empty();
  }
};

// Colours that stay apart for viewers with the common colour-vision deficiencies (Okabe–Ito).
namespace metric_colour {
inline constexpr std::uint32_t kBlue = 0xFF0072B2;
inline constexpr std::uint32_t kLightBlue = 0x9656B4E9;
inline constexpr std::uint32_t kOrange = 0xFFE69F00;
inline constexpr std::uint32_t kGreen = 0xFF009E73;
inline constexpr std::uint32_t kRed = 0xFFD55E00;
inline constexpr std::uint32_t kPurple = 0xFFCC79A7;
}  // namespace metric_colour

// In file order: metrics.jsonl's keys and metrics.csv's columns come in this order ("kind"
// first), so a new metric goes at the end. A CSV column shared by a step and an epoch metric
// ("epoch") is one column.
// One entry a metric (an empty key, column or tag: not written there; no chart: not drawn).
// clang-format off
inline constexpr MetricDescriptor kMetrics[] = {
    {.id = "step", .field = field<&StepMetrics::step>(), .unit = MetricUnit::Count,
     .jsonl = "step", .csv = "step"},
    {.id = "epoch_of_step", .field = field<&StepMetrics::epoch>(), .unit = MetricUnit::Count,
     .jsonl = "epoch", .csv = "epoch"},
    {.id = "batch", .field = field<&StepMetrics::batch_in_epoch>(), .unit = MetricUnit::Count,
     .jsonl = "batch"},
    {.id = "loss", .field = field<&StepMetrics::loss>(), .jsonl = "loss", .csv = "loss",
     .tensorboard = "loss/step", .chart = MetricChart::Loss,
     .label = QT_TRANSLATE_NOOP("Metrics", "loss (step)"), .colour = metric_colour::kLightBlue},
    {.id = "lr", .field = field<&StepMetrics::lr>(), .jsonl = "lr", .csv = "lr",
     .tensorboard = "learning_rate", .chart = MetricChart::LearningRate,
     .label = QT_TRANSLATE_NOOP("Metrics", "learning rate"), .colour = metric_colour::kGreen},
    {.id = "samples_per_second", .field = field<&StepMetrics::samples_per_second>(),
     .unit = MetricUnit::SamplesPerSecond, .jsonl = "samples_per_second",
     .csv = "samples_per_second", .tensorboard = "samples_per_second",
     .chart = MetricChart::Throughput, .label = QT_TRANSLATE_NOOP("Metrics", "samples/s"),
     .colour = metric_colour::kPurple},
    {.id = "loss_scale", .field = field<&StepMetrics::loss_scale>(), .jsonl = "loss_scale",
     .csv = "loss_scale", .tensorboard = "loss_scale", .chart = MetricChart::LossScale,
     .label = QT_TRANSLATE_NOOP("Metrics", "loss scale"), .colour = metric_colour::kBlue},
    {.id = "skipped_steps", .field = field<&StepMetrics::skipped_steps>(),
     .unit = MetricUnit::Count, .jsonl = "skipped_steps", .csv = "skipped_steps",
     .chart = MetricChart::LossScale, .label = QT_TRANSLATE_NOOP("Metrics", "skipped steps"),
     .colour = metric_colour::kRed, .right_axis = true},
    {.id = "memory_allocated",
     .field = field<&StepMetrics::memory, &MemorySnapshot::allocated_bytes>(),
     .unit = MetricUnit::Bytes, .jsonl = "memory_allocated_bytes", .csv = "memory_allocated_bytes",
     .tensorboard = "memory/cuda_allocated_mib", .chart = MetricChart::Memory,
     .label = QT_TRANSLATE_NOOP("Metrics", "CUDA allocated"), .colour = metric_colour::kBlue,
     .device = MetricDevice::Cuda},
    {.id = "memory_reserved",
     .field = field<&StepMetrics::memory, &MemorySnapshot::reserved_bytes>(),
     .unit = MetricUnit::Bytes, .jsonl = "memory_reserved_bytes", .csv = "memory_reserved_bytes",
     .tensorboard = "memory/cuda_reserved_mib", .chart = MetricChart::Memory,
     .label = QT_TRANSLATE_NOOP("Metrics", "CUDA reserved"), .colour = metric_colour::kOrange,
     .device = MetricDevice::Cuda},
    {.id = "memory_peak",
     .field = field<&StepMetrics::memory, &MemorySnapshot::peak_allocated_bytes>(),
     .unit = MetricUnit::Bytes, .jsonl = "memory_peak_bytes",
     .tensorboard = "memory/cuda_peak_allocated_mib", .chart = MetricChart::Memory,
     .label = QT_TRANSLATE_NOOP("Metrics", "CUDA peak allocated"), .colour = metric_colour::kRed,
     .device = MetricDevice::Cuda},
    {.id = "resident", .field = field<&StepMetrics::memory, &MemorySnapshot::resident_bytes>(),
     .unit = MetricUnit::Bytes, .jsonl = "resident_bytes", .csv = "resident_bytes",
     .tensorboard = "memory/resident_mib", .chart = MetricChart::Memory,
     .label = QT_TRANSLATE_NOOP("Metrics", "process resident"), .colour = metric_colour::kGreen,
     .device = MetricDevice::Host},
    // Not in the files: the history reader takes the running maximum of resident_bytes.
    {.id = "peak_resident",
     .field = field<&StepMetrics::memory, &MemorySnapshot::peak_resident_bytes>(),
     .unit = MetricUnit::Bytes, .tensorboard = "memory/peak_resident_mib",
     .chart = MetricChart::Memory, .label = QT_TRANSLATE_NOOP("Metrics", "process peak"),
     .colour = metric_colour::kRed, .device = MetricDevice::Host},
    {.id = "epoch", .field = field<&EpochMetrics::epoch>(), .unit = MetricUnit::Count,
     .jsonl = "epoch", .csv = "epoch"},
    {.id = "train_loss", .field = field<&EpochMetrics::train_loss>(), .jsonl = "train_loss",
     .csv = "train_loss", .tensorboard = "loss/train_epoch"},
    {.id = "train_accuracy", .field = field<&EpochMetrics::train_accuracy>(),
     .unit = MetricUnit::Ratio, .jsonl = "train_accuracy", .csv = "train_accuracy",
     .tensorboard = "accuracy/train", .chart = MetricChart::Accuracy,
     .label = QT_TRANSLATE_NOOP("Metrics", "training"), .colour = metric_colour::kBlue},
    {.id = "val_loss", .field = field<&EpochMetrics::val_loss>(), .jsonl = "val_loss",
     .csv = "val_loss", .tensorboard = "loss/validation", .chart = MetricChart::Loss,
     .label = QT_TRANSLATE_NOOP("Metrics", "validation (epoch)"), .colour = metric_colour::kOrange},
    {.id = "val_accuracy", .field = field<&EpochMetrics::val_accuracy>(),
     .unit = MetricUnit::Ratio, .jsonl = "val_accuracy", .csv = "val_accuracy",
     .tensorboard = "accuracy/validation", .chart = MetricChart::Accuracy,
     .label = QT_TRANSLATE_NOOP("Metrics", "validation"), .colour = metric_colour::kOrange},
    {.id = "duration", .field = field<&EpochMetrics::duration_seconds>(),
     .unit = MetricUnit::Seconds, .jsonl = "duration_seconds", .csv = "duration_seconds",
     .tensorboard = "epoch_seconds"},
    {.id = "grad_norm", .field = field<&StepMetrics::grad_norm>(), .jsonl = "grad_norm",
     .csv = "grad_norm", .tensorboard = "gradients/global_norm", .chart = MetricChart::Own,
     .label = QT_TRANSLATE_NOOP("Metrics", "Gradient norm"), .colour = metric_colour::kBlue},
    // The step a validation followed (one CSV column with the steps'; 0: a file without it).
    {.id = "validation_step", .field = field<&EpochMetrics::step>(), .unit = MetricUnit::Count,
     .jsonl = "step", .csv = "step"},
    {.id = "val_balanced_accuracy", .field = field<&EpochMetrics::val_balanced_accuracy>(),
     .unit = MetricUnit::Ratio, .jsonl = "val_balanced_accuracy", .csv = "val_balanced_accuracy",
     .tensorboard = "accuracy/validation_balanced", .chart = MetricChart::Accuracy,
     .label = QT_TRANSLATE_NOOP("Metrics", "validation (balanced)"),
     .colour = metric_colour::kGreen},
    {.id = "val_macro_f1", .field = field<&EpochMetrics::val_macro_f1>(),
     .unit = MetricUnit::Ratio, .jsonl = "val_macro_f1", .csv = "val_macro_f1",
     .tensorboard = "f1/validation_macro", .chart = MetricChart::Accuracy,
     .label = QT_TRANSLATE_NOOP("Metrics", "validation macro-F1"), .colour = metric_colour::kPurple},
    {.id = "val_mean_iou", .field = field<&EpochMetrics::val_mean_iou>(),
     .unit = MetricUnit::Ratio, .jsonl = "val_mean_iou", .csv = "val_mean_iou",
     .tensorboard = "miou/validation", .chart = MetricChart::Accuracy,
     .label = QT_TRANSLATE_NOOP("Metrics", "validation mIoU"), .colour = metric_colour::kRed,
     .task = MetricTask::Segmentation},
};
// clang-format on

inline constexpr std::size_t kMetricCount = std::size(kMetrics);

// The index of metric `id` in kMetrics; a name not in the list does not compile.
consteval std::size_t metric_index(std::string_view id) {
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    if (kMetrics[i].id == id) return i;
  }
  throw "no metric of that id in kMetrics";
}

// How many metrics of each cadence, and where metric `index` sits among those of its cadence
// (RecordedStep keeps the step metrics' values in that order).
constexpr std::size_t metric_count(MetricCadence cadence) {
  std::size_t count = 0;
  for (const MetricDescriptor& metric : kMetrics) count += metric.cadence() == cadence;
  return count;
}
constexpr std::size_t metric_slot(std::size_t index) {
  std::size_t slot = 0;
  for (std::size_t i = 0; i < index; ++i)
    slot += kMetrics[i].cadence() == kMetrics[index].cadence();
  return slot;
}
inline constexpr std::size_t kStepMetricCount = metric_count(MetricCadence::Step);

}  // namespace convstudio
