// The training cockpit's studies (issue 36): the Runs dock's Study tab follows the study the
// queue trains, the comparison table's marks follow its trials, and "Apply Best Settings" puts
// the best trial's values on the open project as one undoable settings edit.

#include "queue_actions.h"
#include "study_runner.h"
#include "training/runs_list.h"
#include "training/study_view.h"
#include "training/training_log_view.h"
#include "training_cockpit.h"

#include "convstudio/runs/study_trials.h"

namespace convstudio {

void TrainingCockpit::connectStudies() {
  StudyRunner* studies = queue_->studies();
  connect(studies, &StudyRunner::studyChanged, this, [this, studies] {
    views_.runs->studyView()->setStudy(studies->study());
    views_.runs->reloadStudies();
  });
  connect(studies, &StudyRunner::problem, this,
          [this](const QString& problem) { views_.log->addText(LogLevel::Warning, problem); });
  connect(views_.runs->studyView(), &StudyView::applyBestRequested, this,
          &TrainingCockpit::applyBestStudySettings);
  views_.runs->studyView()->setStudy(studies->study());
}

bool TrainingCockpit::applyBestStudySettings() {
  const std::optional<StudyPlan>& study = queue_->studies()->study();
  if (!study || !host_.project || !host_.setSettings) return false;
  const std::optional<std::size_t> best = best_study_trial(*study);
  if (!best) return false;
  // The searched settings only, on the project as it is now: edits made since the study began
  // are kept, and the values are the trial's exactly (apply_study_values, as its run had them).
  Result<Project> applied =
      apply_study_values(host_.project(), study->spaces, study->drawn[*best].values, nullptr);
  if (!applied) {
    views_.log->addText(LogLevel::Warning,
                        tr("The best trial's settings cannot be applied: %1")
                            .arg(QString::fromStdString(applied.error().describe())));
    return false;
  }
  // One settings edit (one SetSettingsCommand): Undo restores every value at once.
  host_.setSettings(applied.value().dataset, applied.value().training);
  return true;
}

}  // namespace convstudio
