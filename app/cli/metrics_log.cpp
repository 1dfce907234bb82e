#include "metrics_log.h"

#include <cmath>
#include <cstdio>
#include <iostream>

namespace convstudio::cli {
namespace {

constexpr auto kPlainLineInterval = std::chrono::seconds(5);
// A terminal redrawn every step of a fast model costs more than the step's bookkeeping budget
// (a write per step); ten redraws a second look just as live.
constexpr auto kProgressBarInterval = std::chrono::milliseconds(100);

std::string format_duration(double seconds) {
  const auto total = static_cast<long>(seconds + 0.5);
  char text[32];
  std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, (total / 60) % 60, total % 60);
  return text;
}

}  // namespace

MetricsLog::MetricsLog(const std::filesystem::path& run_folder, const Project& project,
                       bool interactive, RunRecorder::Start start)
    : recorder_(run_folder, project, start),
      interactive_(interactive),
      last_line_(std::chrono::steady_clock::now()) {}

void MetricsLog::on_step(const StepMetrics& s) {
  recorder_.on_step(s);
  print_progress(s);
}

void MetricsLog::on_epoch(const EpochMetrics& e) {
  recorder_.on_epoch(e);
  end_progress_line();
  // The step tells a validation part-way through an epoch from the epoch's own.
  std::fprintf(stderr,
               "epoch %lld, step %lld: train loss %.4f acc %.4f | val loss %.4f acc %.4f "
               "balanced %.4f macro-F1 %.4f | %.1f s\n",
               static_cast<long long>(e.epoch + 1), static_cast<long long>(e.step), e.train_loss,
               e.train_accuracy, e.val_loss, e.val_accuracy, e.val_balanced_accuracy,
               e.val_macro_f1, e.duration_seconds);
  // Segmentation: accuracies are of pixels; the mean IoU and each class's follow.
  if (!e.val_class_iou.empty()) {
    std::fprintf(stderr, "  val mIoU %.4f | IoU per class:", e.val_mean_iou);
    for (std::size_t c = 0; c < e.val_class_iou.size(); ++c) {
      const std::string name = c < e.class_names.size() ? e.class_names[c] : std::to_string(c);
      if (std::isnan(e.val_class_iou[c])) {
        std::fprintf(stderr, " %s -", name.c_str());
      } else {
        std::fprintf(stderr, " %s %.4f", name.c_str(), e.val_class_iou[c]);
      }
    }
    std::fprintf(stderr, "\n");
  }
}

void MetricsLog::on_state(RunState state, const std::string& message) {
  recorder_.on_state(state, message);
  if (message.empty()) return;
  end_progress_line();
  std::cerr << to_string(state) << ": " << message << "\n";
}

void MetricsLog::on_log(const LogLine& line) {
  end_progress_line();
  const char* prefix = line.level == LogLevel::Warning ? "warning: "
                       : line.level == LogLevel::Error ? "error: "
                                                       : "";
  std::cerr << prefix << line.text << "\n";
}

void MetricsLog::on_error(const RunError& error) {
  end_progress_line();
  std::cerr << "error: " << error.describe() << "\n";
  if (!error.checkpoint.empty()) std::cerr << "checkpoint left at " << error.checkpoint << "\n";
}

void MetricsLog::end_progress_line() {
  if (progress_drawn_) std::cerr << "\n";
  progress_drawn_ = false;
}

void MetricsLog::print_progress(const StepMetrics& s) {
  const double fraction =
      s.total_steps > 0 ? static_cast<double>(s.step) / static_cast<double>(s.total_steps) : 0;
  const auto now = std::chrono::steady_clock::now();
  if (interactive_) {
    if (progress_drawn_ && now - last_line_ < kProgressBarInterval && s.step != s.total_steps)
      return;
    last_line_ = now;
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(fraction * kWidth);
    std::fprintf(stderr,
                 "\r[%s%s] %3.0f%% step %lld/%lld epoch %lld loss %.4f %.0f samples/s ETA %s ",
                 std::string(filled, '#').c_str(), std::string(kWidth - filled, '.').c_str(),
                 fraction * 100, static_cast<long long>(s.step),
                 static_cast<long long>(s.total_steps), static_cast<long long>(s.epoch + 1), s.loss,
                 s.samples_per_second, format_duration(s.eta_seconds).c_str());
    progress_drawn_ = true;
    return;
  }
  if (now - last_line_ < kPlainLineInterval && s.step != s.total_steps) return;
  last_line_ = now;
  std::fprintf(stderr,
               "step %lld/%lld (%.0f%%) epoch %lld loss %.4f lr %.5g %.0f samples/s ETA %s\n",
               static_cast<long long>(s.step), static_cast<long long>(s.total_steps),
               fraction * 100, static_cast<long long>(s.epoch + 1), s.loss, s.lr,
               s.samples_per_second, format_duration(s.eta_seconds).c_str());
}

}  // namespace convstudio::cli
