#pragma once
// k-fold studies (issue 36): a drawn setting trains one trial per fold, kept as `folds`
// consecutive entries of StudyPlan::drawn (fold 0 … k-1), then, with refit, one last trial on all
// the training data. These functions read that layout: the groups a sampler learns from (the mean
// of the folds' scores) and the mean ± std of each group's final and best validation accuracy
// that the CLI's report and the studio's table show.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/study_plan.h"

namespace convstudio {

// How many trials a study draws in all (StudyPlan::trials): `settings` drawn settings, each
// trained once per fold when folds ≥ 2, and the refit trial.
std::int64_t study_trial_count(std::int64_t settings, int folds, bool refit);

// Whether drawn trial `index` is a k-fold study's refit (its last trial, fold unset).
bool is_refit_trial(const StudyPlan& plan, std::size_t index);

// One drawn setting of a k-fold study and the trials of its folds drawn so far.
struct StudyFoldGroup {
  std::size_t first = 0;             // index in StudyPlan::drawn of its fold 0
  std::size_t drawn = 0;             // how many of its folds are drawn (up to plan.folds)
  bool ended = false;                // every fold drawn and ended
  std::optional<double> mean_score;  // ended and every fold scored: the mean of their scores
};

// The plan's groups in order, the refit trial left out; empty when plan.folds < 2.
std::vector<StudyFoldGroup> study_fold_groups(const StudyPlan& plan);

// A sample's mean and standard deviation (n − 1 in the divisor, as pandas and R; 0 for one value).
struct MeanAndSpread {
  int count = 0;
  double mean = 0;
  double std = 0;
};
MeanAndSpread mean_and_spread(const std::vector<double>& values);

// What a trial's run recorded; nullopt where it never validated or has no run folder.
struct TrialAccuracy {
  std::optional<double> final_val_accuracy;
  std::optional<double> best_val_accuracy;
};

// Each drawn trial's accuracies, read from its run folder as the run queue names it.
std::vector<TrialAccuracy> study_trial_accuracies(const StudyPlan& plan, const RunQueue& queue);

// A group's folds summed up: how many finished with a validation accuracy, and their mean ± std.
struct StudyFoldSummary {
  std::size_t first = 0;  // as StudyFoldGroup::first: its label and values are drawn[first]'s
  int folds = 0;          // folds that validated (of plan.folds)
  MeanAndSpread final_val_accuracy;
  MeanAndSpread best_val_accuracy;
};

// One summary per group of study_fold_groups(plan); `accuracies` has one entry per drawn trial
// (study_trial_accuracies).
std::vector<StudyFoldSummary> summarize_study_folds(const StudyPlan& plan,
                                                    const std::vector<TrialAccuracy>& accuracies);

}  // namespace convstudio
