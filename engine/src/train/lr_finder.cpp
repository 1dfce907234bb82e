#include "convstudio/train/lr_finder.h"

#include "heap_reuse.h"
#include "lr_range_test.h"
#include "tuning_setup.h"

namespace convstudio {

LrFinderResult find_learning_rate(const LrFinderOptions& options,
                                  const LrFinderProgress& progress) {
  LrFinderResult result;
  result.optimizer = to_string(options.project.training.optimizer.kind);
  result.batch_size = options.project.training.batch_size * options.project.training.accumulate;
  if (std::optional<Error> problem = check_lr_finder_options(options)) {
    result.error = problem;
    return result;
  }
  const HeapReuseDuringRun heap_reuse;
  bool cancelled = false;
  try {
    TuningSetup setup;
    TuningRequest request;
    request.project = &options.project;
    request.start_weights = options.start_weights;
    request.with_data = true;
    // Loading cannot ask the caller without a point to report; a cancel arrives with the first
    // step instead.
    request.cancelled = [&] { return cancelled; };
    if (std::optional<Error> problem = prepare_tuning(request, setup)) {
      result.error = problem;
      return result;
    }
    result.device = setup.device_name;
    std::int64_t epoch = 0;
    setup.loader->start_epoch(epoch);
    RangeTestSubject subject;
    subject.model = &*setup.model;
    subject.optimizer = setup.optimizer.get();
    subject.device = setup.device;
    subject.amp = setup.amp;
    subject.accumulate = options.project.training.accumulate;
    subject.next_batch = [&] { return setup.loader->next(); };
    subject.restart = [&] { setup.loader->start_epoch(++epoch); };
    run_lr_range_test(subject, options, progress, result);
  } catch (const DataFailure& failure) {
    result.error = failure.error();  // keeps the file that could not be read
  } catch (const std::exception& error) {
    // Out of memory, a broken batch, anything unforeseen: a result that says so, never a crash.
    result.error = Error::without_place(error.what());
  }
  return result;
}

}  // namespace convstudio
