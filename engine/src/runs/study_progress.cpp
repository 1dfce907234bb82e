// A study kept up to date with its run queue (study_progress.h).

#include "convstudio/runs/study_progress.h"

#include <algorithm>

#include "convstudio/runs/run_recorder.h"
#include "convstudio/runs/study_time_limit.h"
#include "convstudio/runs/study_trials.h"

namespace convstudio {
namespace {

bool waitsInQueue(const StudyPlan& plan) {
  return std::any_of(plan.drawn.begin(), plan.drawn.end(),
                     [](const StudyTrial& t) { return t.state == StudyTrialState::Queued; });
}

std::string folderOf(const QueuedRun& entry, const std::filesystem::path& runs_folder) {
  const std::filesystem::path folder(entry.run_folder);
  if (folder.empty() || folder.is_absolute()) return entry.run_folder;
  return (runs_folder / folder.filename()).string();
}

}  // namespace

StudyProgress advance_study(StudyPlan& plan, RunQueue& queue,
                            const std::filesystem::path& runs_folder) {
  StudyProgress progress;
  for (std::size_t i = 0; i < plan.drawn.size(); ++i) {
    StudyTrial& trial = plan.drawn[i];
    if (trial.state != StudyTrialState::Queued) continue;
    const QueuedRun* entry = find_queued_run(queue, trial.queue_id);
    if (entry == nullptr) {
      record_study_trial_end(trial, std::nullopt, "");
    } else {
      record_study_trial_end(trial, entry->state, folderOf(*entry, runs_folder));
    }
    if (trial.state != StudyTrialState::Queued) progress.ended.push_back(i);
  }
  while (!waitsInQueue(plan) && static_cast<std::int64_t>(plan.drawn.size()) < plan.trials) {
    DrawnStudyTrial next = draw_next_study_trial(plan);
    refuse_over_time_limit(next, plan, queue);  // a study's --max-minutes, as the CLI refuses
    if (next.run) next.trial.queue_id = add_to_queue(queue, {std::move(*next.run)}).front();
    progress.drawn.push_back(plan.drawn.size());
    plan.drawn.push_back(std::move(next.trial));
  }
  return progress;
}

std::vector<std::string> project_studies(const std::filesystem::path& project_file) {
  std::vector<std::string> ids;
  std::error_code ec;
  for (const auto& item :
       std::filesystem::directory_iterator(runs_folder(project_file) / "studies", ec)) {
    if (item.path().extension() == ".json") ids.push_back(item.path().stem().string());
  }
  // Study ids are timestamps (new_sweep_id): their names order them by start.
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace convstudio
