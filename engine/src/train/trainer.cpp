#include "convstudio/train/trainer.h"

#include "device_selection.h"
#include "heap_reuse.h"
#include "memory_probe.h"
#include "run_control.h"
#include "training_run.h"

namespace convstudio {

struct Trainer::Control : RunControl {};

Trainer::Trainer(RunOptions options, TrainingListener* listener)
    : options_(std::move(options)), listener_(listener), control_(std::make_unique<Control>()) {}

Trainer::~Trainer() = default;

RunSummary Trainer::run() {
  TrainingListener silent;
  TrainingListener& listener = listener_ != nullptr ? *listener_ : silent;
  const HeapReuseDuringRun heap_reuse;
  try {
    return TrainingRun(options_, listener, *control_).execute();
  } catch (const std::exception& error) {
    // Anything unforeseen still ends as a failed run with a message, never a crash.
    RunSummary summary;
    summary.state = RunState::Failed;
    summary.error = RunError(RunErrorKind::Internal, Error::without_place(error.what()));
    listener.on_error(*summary.error);
    listener.on_state(RunState::Failed, error.what());
    return summary;
  }
}

void Trainer::pause() {
  control_->pause();
}
void Trainer::resume() {
  control_->resume();
}
void Trainer::cancel() {
  control_->cancel();
}

std::string release_cached_device_memory(const std::string& device) {
  const DeviceSelection selection = select_device(device);
  if (selection.error) return selection.error->describe();
  return release_cached_memory(selection.device);
}

}  // namespace convstudio
