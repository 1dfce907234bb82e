// A trial's pruning watch and the curves it judges by (study_pruning.h).

#include "convstudio/runs/study_pruning.h"

#include <algorithm>
#include <cstdio>

#include "convstudio/runs/run_history.h"

namespace convstudio {

ValidationCurve validation_curve(const std::vector<RecordedEpoch>& epochs) {
  ValidationCurve curve;
  for (const RecordedEpoch& epoch : epochs) curve.push_back({epoch.step, epoch.val_accuracy});
  std::stable_sort(
      curve.begin(), curve.end(),
      [](const ValidationPoint& a, const ValidationPoint& b) { return a.step < b.step; });
  return curve;
}

std::vector<ValidationCurve> earlier_trial_curves(const StudyPlan& plan, std::size_t index,
                                                  const RunQueue& queue) {
  std::vector<ValidationCurve> curves;
  for (std::size_t i = 0; i < index && i < plan.drawn.size(); ++i) {
    const StudyTrial& trial = plan.drawn[i];
    if (trial.state != StudyTrialState::Finished && trial.state != StudyTrialState::Pruned) {
      continue;
    }
    const auto entry = std::find_if(queue.runs.begin(), queue.runs.end(),
                                    [&](const QueuedRun& run) { return run.id == trial.queue_id; });
    if (entry == queue.runs.end() || entry->run_folder.empty()) continue;
    const std::optional<RecordedRun> run = load_recorded_run(entry->run_folder, RunDetail::Metrics);
    if (run && !run->epochs.empty()) curves.push_back(validation_curve(run->epochs));
  }
  return curves;
}

std::string study_pruned_reason(StudyPruner kind, std::int64_t step, double accuracy) {
  char text[160];
  std::snprintf(text, sizeof text, "pruned by %s at step %lld (validation accuracy %.4f)",
                to_string(kind).c_str(), static_cast<long long>(step), accuracy);
  return text;
}

StudyPruningWatch::StudyPruningWatch(PrunerSettings settings, std::vector<ValidationCurve> earlier)
    : settings_(settings), earlier_(std::move(earlier)) {}

bool StudyPruningWatch::prune_after(std::int64_t step, double accuracy) {
  current_.push_back({step, accuracy});
  if (settings_.kind == StudyPruner::None) return false;
  return should_prune(settings_, current_, earlier_);
}

void StudyPruningWatch::resume_from(const std::vector<RecordedEpoch>& epochs) {
  for (const ValidationPoint& point : validation_curve(epochs)) {
    prune_after(point.step, point.accuracy);
  }
}

std::optional<double> StudyPruningWatch::best_accuracy() const {
  if (current_.empty()) return std::nullopt;
  return std::max_element(current_.begin(), current_.end(),
                          [](const ValidationPoint& a, const ValidationPoint& b) {
                            return a.accuracy < b.accuracy;
                          })
      ->accuracy;
}

}  // namespace convstudio
