#pragma once
// Brings a study's plan up to date with its project's run queue (issue 36): the trials whose
// queue entries have ended are recorded, and the next trials are drawn until one waits in the
// queue again or every trial is drawn. The studio calls it whenever its queue changes; it only
// acts on what has happened since, so a study started by the CLI and continued in the studio
// (or the reverse) never draws a trial twice.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/study_plan.h"

namespace convstudio {

struct StudyProgress {
  std::vector<std::size_t> ended;  // trials recorded as ended by this call
  std::vector<std::size_t> drawn;  // trials drawn by this call (queued, refused or failed)
  bool changed() const { return !ended.empty() || !drawn.empty(); }
};

// Each Queued trial whose entry in `queue` has ended (or was removed) is recorded with
// record_study_trial_end; its run folder, when the CLI wrote it relative, is looked up in
// `runs_folder`. Then, while no trial waits in the queue and fewer than plan.trials are drawn,
// the next trial is drawn: a refused or failed one is appended and the next drawn, a trained one
// is added to `queue` and appended with its entry's id. Calling it again with nothing new
// changes nothing. The caller saves the queue, then the plan, when changed().
StudyProgress advance_study(StudyPlan& plan, RunQueue& queue,
                            const std::filesystem::path& runs_folder);

// The ids of the project's studies (PROJECT.runs/studies/*.json), oldest first.
std::vector<std::string> project_studies(const std::filesystem::path& project_file);

}  // namespace convstudio
