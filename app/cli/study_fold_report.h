#pragma once
// `convstudio-cli study --kfold K`: what the study command adds for k-fold studies (issue 36):
// the flags' checks and the report that groups each setting's fold trials with the mean ± std of
// their final and best validation accuracy (computed by the engine, study_fold_groups.h).

#include <cstddef>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "convstudio/runs/study_plan.h"

namespace convstudio::cli {

struct KFoldOptions {
  int folds = 0;  // --kfold K; 0: not a k-fold study
  bool stratified = false;
  bool refit = false;
};

// Why the k-fold flags do not fit (--stratified or --refit without --kfold); nullopt when they do.
std::optional<std::string> kfold_flags_problem(const KFoldOptions& options);

// Sets the plan's k-fold options and its trial count: `settings` drawn settings (one when the
// study searches nothing and cross-validates the project's own settings).
void apply_kfold_options(StudyPlan& plan, const KFoldOptions& options, std::int64_t settings);

// "lr=0.01, fold 2 of 3" | "lr=0.01, refit" | the label: how the CLI names trial `index`.
std::string study_trial_title(const StudyPlan& plan, std::size_t index);

// For a k-fold study: prints the grouped table on stderr (one row per setting, its folds' mean ±
// std) and adds "folds", "groups" and "refit" to the report's JSON line; the best setting's
// "best_val_accuracy" becomes the mean over its folds, the score the sampler used.
void report_study_folds(const std::string& project_file, const StudyPlan& plan,
                        nlohmann::ordered_json& line);

}  // namespace convstudio::cli
