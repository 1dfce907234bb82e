#pragma once
// Runs a study in the studio (issue 36): its trials are entries of the run queue (sweep = the
// study's id) that the RunQueueRunner trains like any other. Whenever the queue changes, the
// study's plan (PROJECT.runs/studies/ID.json) is brought up to date with it (advance_study):
// ended trials recorded, the next trial drawn and queued, refused ones recorded and skipped,
// until every trial is drawn. While a trial of a pruning study trains, its validations go to a
// StudyPruningWatch, and a trial the pruner stops is recorded Pruned and its run ended (its
// folder and checkpoint kept); so is a trial that trains past the study's time per trial
// (--max-minutes), as the CLI stops it. The plan on disk is the truth: the CLI may continue the
// study.

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <filesystem>
#include <optional>
#include <string>

#include "convstudio/error.h"
#include "convstudio/runs/study_plan.h"
#include "convstudio/runs/study_pruning.h"
#include "training_metatypes.h"

namespace convstudio {

class RunQueueRunner;
class TrainingController;

class StudyRunner : public QObject {
  Q_OBJECT

 public:
  StudyRunner(RunQueueRunner* queue, TrainingController* controller, QObject* parent = nullptr);

  // Saves a new study's plan (its id, base project and options set; nothing drawn) and queues
  // its first trial; the Error when the plan or the queue cannot be written.
  std::optional<Error> start(const StudyPlan& plan);
  // The study shown: the one whose trial trains, else the project's unfinished one, else its
  // newest; nullopt when the project has none.
  const std::optional<StudyPlan>& study() const { return study_; }

 public slots:
  // Reads the project's studies again and advances the current one (on every queue change).
  void update();

 signals:
  // The current study or one of its trials changed (drawn, ended, pruned).
  void studyChanged();
  // Something the user should read: a plan that cannot be read or written.
  void problem(const QString& message);

 private:
  std::filesystem::path planFile(const std::string& id) const;
  // Loads study `id`, advances it with the queue and saves it when it changed.
  std::optional<StudyPlan> advance(const std::string& id);
  std::string currentStudyId() const;
  void watchActiveTrial();
  void onValidation(const EpochMetrics& epoch);
  void onStep(const StepMetrics& step);
  // Records the watched trial Pruned with `reason` and its best accuracy, and ends its run.
  void stopWatchedTrial(const std::string& reason);

  RunQueueRunner* runner_;
  std::optional<StudyPlan> study_;
  std::optional<StudyPruningWatch> watch_;
  std::string watchedEntry_;  // the queue entry the watch sees
  // The watched trial's time limit: training seconds of its earlier parts (a resumed trial)
  // plus this part's clock, against the study's max_minutes.
  std::optional<double> maxMinutes_;
  double secondsBefore_ = 0;
  QElapsedTimer trialClock_;
  double bestAccuracy_ = 0;  // the watched trial's best validation so far
  bool updating_ = false;    // advancing edits the queue, which calls update() again
};

}  // namespace convstudio
