#pragma once
// A study on disk (issue 36): what it searches and how, and each trial drawn so far, kept in
// PROJECT.runs/studies/ID.json. Trials that train are entries of the run queue with the study's
// id as their sweep, so they train, stop and resume exactly as a sweep's runs do; the plan keeps
// what the queue does not: the values drawn, the score that came back, refusals. A resumed study
// reads it and draws the remaining trials as the uninterrupted study would have.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/project.h"
#include "convstudio/result.h"
#include "convstudio/runs/study_constraints.h"
#include "convstudio/runs/study_pruner.h"
#include "convstudio/runs/study_sampler.h"
#include "convstudio/runs/study_space.h"

namespace convstudio {

// Queued: in the run queue, not yet ended (or stopped); the others are final. Pruned: stopped
// by the study's pruner at a validation point; its run folder is kept.
enum class StudyTrialState { Queued, Finished, Refused, Failed, Pruned };

// "queued" | "finished" | "refused" | "failed" | "pruned"
std::string to_string(StudyTrialState state);
std::optional<StudyTrialState> parse_study_trial_state(std::string_view text);

struct StudyTrial {
  std::vector<double> values;  // one per space, as sample_study_trial drew them
  std::string label;           // "lr=0.0123, batch_size=64"
  StudyTrialState state = StudyTrialState::Queued;
  std::string queue_id;         // its run queue entry; empty when refused
  std::optional<double> score;  // the best validation accuracy, once finished
  std::string refusal;          // why it was refused ("3.2 M parameters > --max-params 1 M")
  std::optional<int> fold;      // k-fold studies: the fold it validates on (0..k-1)

  bool operator==(const StudyTrial&) const = default;
};

struct StudyPlan {
  std::string id;  // also the sweep id of its queue entries
  StudySampler sampler = StudySampler::Tpe;
  std::uint64_t seed = 0;
  // How many to draw in all: with folds, `folds` per setting and the refit trial
  // (study_trial_count in study_fold_groups.h).
  std::int64_t trials = 0;
  std::vector<StudySpace> spaces;
  StudyConstraints constraints;
  PrunerSettings pruner;  // kind None: every trial trains to its end
  // k-fold cross-validation (folds ≥ 2): each drawn setting trains `folds` trials, one per fold.
  int folds = 0;
  bool stratified_folds = false;
  bool refit = false;  // queue a final run on all data with the best settings
  // What every trial starts from before its values are set: the project as the study began,
  // so later edits of the project file do not change a resumed study.
  Project base;
  std::vector<StudyTrial> drawn;  // trial 0, 1, … in order

  bool operator==(const StudyPlan&) const = default;
  bool complete() const;  // every trial drawn and ended
};

// PROJECT.runs/studies/ID.json next to `project_file`.
std::filesystem::path study_plan_file(const std::filesystem::path& project_file,
                                      std::string_view id);

Result<StudyPlan> load_study_plan(const std::filesystem::path& file);
// Atomically (a crash leaves the previous file), creating the folder.
std::optional<Error> save_study_plan(const std::filesystem::path& file, const StudyPlan& plan);

// The most recently started study of the project that is not complete; nullopt when none.
std::optional<std::string> unfinished_study(const std::filesystem::path& project_file);

// What the sampler learns from: the ended trials (finished, refused, failed) in trial order;
// in a k-fold study, each setting whose folds all ended, scored by their mean.
std::vector<StudyObservation> study_observations(const StudyPlan& plan);

}  // namespace convstudio
