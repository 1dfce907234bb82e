// A k-fold study's groups of fold trials and their figures (study_fold_groups.h).

#include "convstudio/runs/study_fold_groups.h"

#include <algorithm>
#include <cmath>

#include "convstudio/runs/run_comparison.h"
#include "convstudio/runs/run_history.h"

namespace convstudio {

std::int64_t study_trial_count(std::int64_t settings, int folds, bool refit) {
  const std::int64_t per_setting = folds >= 2 ? folds : 1;
  return settings * per_setting + (folds >= 2 && refit ? 1 : 0);
}

bool is_refit_trial(const StudyPlan& plan, std::size_t index) {
  return plan.folds >= 2 && plan.refit && index + 1 == static_cast<std::size_t>(plan.trials) &&
         index < plan.drawn.size() && !plan.drawn[index].fold;
}

std::vector<StudyFoldGroup> study_fold_groups(const StudyPlan& plan) {
  std::vector<StudyFoldGroup> groups;
  if (plan.folds < 2) return groups;
  const auto k = static_cast<std::size_t>(plan.folds);
  for (std::size_t first = 0; first < plan.drawn.size(); first += k) {
    if (is_refit_trial(plan, first)) break;
    StudyFoldGroup group;
    group.first = first;
    group.drawn = std::min(k, plan.drawn.size() - first);
    group.ended = group.drawn == k;
    double sum = 0;
    bool scored = true;
    for (std::size_t i = first; i < first + group.drawn; ++i) {
      const StudyTrial& trial = plan.drawn[i];
      if (trial.state == StudyTrialState::Queued) group.ended = false;
      if (trial.score) {
        sum += *trial.score;
      } else {
        scored = false;
      }
    }
    if (group.ended && scored) group.mean_score = sum / static_cast<double>(k);
    groups.push_back(group);
  }
  return groups;
}

MeanAndSpread mean_and_spread(const std::vector<double>& values) {
  MeanAndSpread out;
  out.count = static_cast<int>(values.size());
  if (values.empty()) return out;
  double sum = 0;
  for (double value : values) sum += value;
  out.mean = sum / static_cast<double>(values.size());
  if (values.size() < 2) return out;
  double squares = 0;
  for (double value : values) squares += (value - out.mean) * (value - out.mean);
  out.std = std::sqrt(squares / static_cast<double>(values.size() - 1));
  return out;
}

std::vector<TrialAccuracy> study_trial_accuracies(const StudyPlan& plan, const RunQueue& queue) {
  std::vector<TrialAccuracy> accuracies(plan.drawn.size());
  for (std::size_t i = 0; i < plan.drawn.size(); ++i) {
    const std::string& id = plan.drawn[i].queue_id;
    if (id.empty()) continue;
    auto entry = std::find_if(queue.runs.begin(), queue.runs.end(),
                              [&](const QueuedRun& run) { return run.id == id; });
    if (entry == queue.runs.end() || entry->run_folder.empty()) continue;
    const std::optional<RecordedRun> run = load_recorded_run(entry->run_folder, RunDetail::Metrics);
    if (!run) continue;
    const RunComparison comparison = compare_runs({*run});
    if (comparison.rows.empty()) continue;
    accuracies[i].final_val_accuracy = comparison.rows.front().final_val_accuracy;
    accuracies[i].best_val_accuracy = comparison.rows.front().best_val_accuracy;
  }
  return accuracies;
}

std::vector<StudyFoldSummary> summarize_study_folds(const StudyPlan& plan,
                                                    const std::vector<TrialAccuracy>& accuracies) {
  std::vector<StudyFoldSummary> summaries;
  for (const StudyFoldGroup& group : study_fold_groups(plan)) {
    std::vector<double> finals;
    std::vector<double> bests;
    for (std::size_t i = group.first; i < group.first + group.drawn && i < accuracies.size(); ++i) {
      if (accuracies[i].final_val_accuracy) finals.push_back(*accuracies[i].final_val_accuracy);
      if (accuracies[i].best_val_accuracy) bests.push_back(*accuracies[i].best_val_accuracy);
    }
    StudyFoldSummary summary;
    summary.first = group.first;
    summary.folds = static_cast<int>(bests.size());
    summary.final_val_accuracy = mean_and_spread(finals);
    summary.best_val_accuracy = mean_and_spread(bests);
    summaries.push_back(summary);
  }
  return summaries;
}

}  // namespace convstudio
