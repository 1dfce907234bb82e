#include <algorithm>

#include "convstudio/model/memory_estimator.h"
#include "convstudio/train/step_profile.h"
#include "heap_reuse.h"
#include "profile_steps.h"
#include "tuning_setup.h"

namespace convstudio {
namespace {

// Sets up the project's model, optimizer and data and runs the profiler's steps on them; the
// estimate follows the precision and device the steps ran on. nullopt, or what stopped it.
std::optional<Error> profile_project(const Project& project, const ProfileOptions& options,
                                     bool peak_only, const ProfileProgress& progress,
                                     StepProfile& profile) {
  TuningSetup setup;
  TuningRequest request;
  request.project = &project;
  request.start_weights = options.start_weights;
  request.with_data = true;
  if (std::optional<Error> problem = prepare_tuning(request, setup)) return problem;
  profile.device = setup.device_name;
  profile.precision = to_string(precision_of(setup.amp));
  std::int64_t epoch = 0;
  setup.loader->start_epoch(epoch);
  ProfileSubject subject;
  subject.model = &*setup.model;
  subject.optimizer = setup.optimizer.get();
  subject.graph = &project.graph;
  subject.analysis = &setup.analysis;
  subject.device = setup.device;
  subject.amp = setup.amp;
  subject.channels_last = setup.channels_last;
  subject.peak_only = peak_only;
  subject.next_batch = [&] { return setup.loader->next(); };
  subject.restart = [&] { setup.loader->start_epoch(++epoch); };
  run_profile_steps(subject, options.warmup, options.steps, progress, profile);
  TrainingSettings measured = project.training;
  measured.amp = setup.amp;  // what Auto stood for
  measured.device = setup.device.is_cuda() ? "cuda" : "cpu";
  const MemoryEstimate estimate =
      MemoryEstimator::estimate(project.graph, setup.analysis, measured);
  profile.estimated_bytes = estimate.total_bytes;
  switch (estimate.peak_phase) {
    case MemoryPhase::Forward:
      profile.estimated_peak_at = "forward of " + estimate.peak_block;
      break;
    case MemoryPhase::Backward:
      profile.estimated_peak_at = "backward of " + estimate.peak_block;
      break;
    case MemoryPhase::OptimizerStep:
      profile.estimated_peak_at = "optimizer step";
      break;
  }
  return std::nullopt;
}

bool recomputes(const Graph& graph) {
  return std::any_of(graph.blocks().begin(), graph.blocks().end(),
                     [](const Block& block) { return block.recompute; });
}

}  // namespace

StepProfile profile_training(const ProfileOptions& options, const ProfileProgress& progress) {
  StepProfile profile;
  profile.batch_size = options.project.training.batch_size;
  if (std::optional<Error> problem = check_profile_options(options)) {
    profile.error = problem;
    return profile;
  }
  const HeapReuseDuringRun heap_reuse;  // as a run: freed memory stays in the heap
  try {
    profile.error = profile_project(options.project, options, false, progress, profile);
    if (profile.error || profile.cancelled || !recomputes(options.project.graph)) return profile;
    // What recomputing saves, measured: the same steps on a model that recomputes nothing.
    Project plain = options.project;
    for (const Block& block : options.project.graph.blocks()) {
      Block& copy = *plain.graph.find_block(block.id);
      copy.recompute = false;
      copy.recompute_group.clear();
    }
    StepProfile without;
    const std::int64_t total = options.warmup + 2 * options.steps;
    const ProfileProgress still_wanted = [&](std::int64_t, std::int64_t) {
      return !progress || progress(total, total);
    };
    if (std::optional<Error> problem =
            profile_project(plain, options, true, still_wanted, without)) {
      profile.error = problem;
      return profile;
    }
    profile.cancelled = without.cancelled;
    profile.peak_bytes_without_recompute = without.peak_bytes;
    profile.estimated_bytes_without_recompute = without.estimated_bytes;
  } catch (const DataFailure& failure) {
    profile.error = failure.error();  // keeps the file that could not be read
  } catch (const std::exception& error) {
    // Out of memory, a broken batch, anything unforeseen: a result that says so, never a crash.
    profile.error = Error::without_place(error.what());
  }
  return profile;
}

}  // namespace convstudio
