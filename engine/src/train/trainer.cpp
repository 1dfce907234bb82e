#include "convstudio/train/trainer.h"

#include "convstudio/runs/checkpoint_path.h"

#include "device_selection.h"
#include "heap_reuse.h"
#include "memory_probe.h"
#include "run_control.h"
#include "training_run.h"

namespace convstudio {

struct Trainer::Control : RunControl {};

Trainer::Trainer(RunOptions options, TrainingListener* listener)
    : options_(std::move(options)), listener_(listener), control_(std::make_unique<Control>()) {
  // However the checkpoint was named ("RUN/last.ckpt/"), the run reads and restores that folder.
  if (!options_.resume_checkpoint.empty()) {
    options_.resume_checkpoint = checkpoint_folder(options_.resume_checkpoint).string();
  }
}

Trainer::~Trainer() = default;

RunSummary Trainer::run() {
  TrainingListener silent;
  TrainingListener& listener = listener_ != nullptr ? *listener_ : silent;
  const HeapReuseDuringRun heap_reuse;
  // Anything unforeseen still ends as a failed run with a message, never a crash; LibTorch's
  // errors without the C++ backtrace their what() carries.
  const auto failed = [&](const std::string& message) {
    RunSummary summary;
    summary.state = RunState::Failed;
    summary.error = RunError(RunErrorKind::Internal, Error::without_place(message));
    listener.on_error(*summary.error);
    listener.on_state(RunState::Failed, message);
    return summary;
  };
  try {
    return TrainingRun(options_, listener, *control_).execute();
  } catch (const c10::Error& error) {
    return failed(error.what_without_backtrace());
  } catch (const std::exception& error) {
    return failed(error.what());
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
