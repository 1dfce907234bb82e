// Where a run's first seconds go: trains a template on Fashion-MNIST through the engine's
// Trainer (no GUI) and prints the wall time of every one of the first optimizer steps, then
// medians by phase. Usage: step_timing_probe [template] [steps] [batch]
// (lenet5 200 64 by default; the project's other settings are the studio's defaults on the CPU).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "convstudio/model/template_library.h"
#include "convstudio/train/trainer.h"

using namespace convstudio;
using Clock = std::chrono::steady_clock;

namespace {

class StepClock : public TrainingListener {
 public:
  void on_state(RunState state, const std::string&) override {
    if (state == RunState::Running) running_ = Clock::now();
  }
  void on_log(const LogLine& line) override {
    // "training on …" is the last line before the first batch.
    if (line.text.rfind("training on", 0) == 0) last_ = Clock::now();
  }
  void on_step(const StepMetrics& step) override {
    const auto now = Clock::now();
    milliseconds.push_back(std::chrono::duration<double, std::milli>(now - last_).count());
    reported.push_back(step.samples_per_second);
    last_ = now;
  }
  std::vector<double> milliseconds;
  std::vector<double> reported;  // the engine's own windowed samples/s

 private:
  Clock::time_point running_;
  Clock::time_point last_ = Clock::now();
};

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const std::string name = argc > 1 ? argv[1] : "lenet5";
  const long steps = argc > 2 ? std::atol(argv[2]) : 200;
  const long batch = argc > 3 ? std::atol(argv[3]) : 64;
  RunOptions options;
  options.project.graph =
      *TemplateLibrary::instantiate(name, TensorShape::image(1, 28, 28), 10).graph;
  options.project.training.device = "cpu";
  options.project.training.max_steps = steps;
  options.project.training.batch_size = batch;
  options.project.training.validation.keep_best = false;
  options.project.training.validation.checkpoint_every_epochs = 0;
  StepClock clock;
  Trainer trainer(options, &clock);
  const RunSummary summary = trainer.run();
  if (summary.state != RunState::Finished) {
    std::fprintf(stderr, "run failed: %s\n", summary.error ? summary.error->message.c_str() : "");
    return 1;
  }
  std::printf("step  ms      samples/s(step)  samples/s(reported)\n");
  for (std::size_t i = 0; i < clock.milliseconds.size() && i < 40; ++i) {
    std::printf("%4zu  %7.2f  %8.0f  %8.0f\n", i + 1, clock.milliseconds[i],
                batch * 1000.0 / clock.milliseconds[i], clock.reported[i]);
  }
  const auto phase = [&](std::size_t from, std::size_t to) {
    to = std::min(to, clock.milliseconds.size());
    return median(std::vector<double>(clock.milliseconds.begin() + static_cast<long>(from),
                                      clock.milliseconds.begin() + static_cast<long>(to)));
  };
  std::printf("median ms/step: steps 1-5 %.2f, 6-20 %.2f, 21-50 %.2f, 51-%ld %.2f\n", phase(0, 5),
              phase(5, 20), phase(20, 50), steps, phase(50, clock.milliseconds.size()));
  return 0;
}
