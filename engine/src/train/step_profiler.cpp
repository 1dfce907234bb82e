#include "convstudio/model/memory_estimator.h"
#include "convstudio/train/step_profile.h"
#include "heap_reuse.h"
#include "profile_steps.h"
#include "tuning_setup.h"

namespace convstudio {

StepProfile profile_training(const ProfileOptions& options, const ProfileProgress& progress) {
  StepProfile profile;
  profile.batch_size = options.project.training.batch_size;
  if (std::optional<Error> problem = check_profile_options(options)) {
    profile.error = problem;
    return profile;
  }
  const HeapReuseDuringRun heap_reuse;  // as a run: freed memory stays in the heap
  try {
    TuningSetup setup;
    TuningRequest request;
    request.project = &options.project;
    request.start_weights = options.start_weights;
    request.with_data = true;
    if (std::optional<Error> problem = prepare_tuning(request, setup)) {
      profile.error = problem;
      return profile;
    }
    profile.device = setup.device_name;
    profile.precision = to_string(precision_of(setup.amp));
    std::int64_t epoch = 0;
    setup.loader->start_epoch(epoch);
    ProfileSubject subject;
    subject.model = &*setup.model;
    subject.optimizer = setup.optimizer.get();
    subject.graph = &options.project.graph;
    subject.analysis = &setup.analysis;
    subject.device = setup.device;
    subject.amp = setup.amp;
    subject.next_batch = [&] { return setup.loader->next(); };
    subject.restart = [&] { setup.loader->start_epoch(++epoch); };
    run_profile_steps(subject, options.warmup, options.steps, progress, profile);
    TrainingSettings measured = options.project.training;
    measured.amp = setup.amp;  // what Auto stood for
    profile.estimated_bytes = MemoryEstimator::estimate(setup.analysis, measured).total_bytes;
  } catch (const DataFailure& failure) {
    profile.error = failure.error();  // keeps the file that could not be read
  } catch (const std::exception& error) {
    // Out of memory, a broken batch, anything unforeseen: a result that says so, never a crash.
    profile.error = Error::without_place(error.what());
  }
  return profile;
}

}  // namespace convstudio
