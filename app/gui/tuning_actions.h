#pragma once
// Training > Find Learning Rate, Profile Training Steps and the run settings' batch-size
// "Find…": starts the finder or the profiler on
// the open project (TuningRunner, off the UI thread), shows it in its dialog, and applies what
// the user picks as one undoable settings edit through the host. Neither finder runs while a
// training run does, nor a run while a finder does: both would compete for the same device.

#include <QObject>
#include <QPointer>

#include <functional>

#include "convstudio/model/project.h"
#include "convstudio/train/step_profile.h"
#include "training/batch_size_finder_dialog.h"
#include "training/lr_finder_dialog.h"

class QAction;
class QWidget;

namespace convstudio {

class TuningRunner;

struct TuningHost {
  QWidget* window = nullptr;
  std::function<Project()> project;
  // Whether a finder may start now (a project is open, no run is going).
  std::function<bool()> canStart;
  // The project's starting weights file (empty when it has none).
  std::function<QString()> startWeights;
  // Writes the new training settings into the project as an undoable edit.
  std::function<void(const TrainingSettings&)> setTraining;
};

class TuningActions : public QObject {
  Q_OBJECT

 public:
  explicit TuningActions(TuningHost host, QObject* parent = nullptr);

  QAction* findLearningRateAction() const { return findLr_; }
  // Training > Profile Training Steps: the profiler on the open project (its figures go to
  // whoever listens to profileFinished: the Profile dock and the canvas).
  QAction* profileAction() const { return profile_; }
  TuningRunner* runner() const { return runner_; }
  bool isBusy() const;
  LrFinderDialog* lrDialog() const { return lrDialog_; }
  BatchSizeFinderDialog* batchDialog() const { return batchDialog_; }

 public slots:
  void findLearningRate();
  void findBatchSize();
  void profile();
  void cancel();
  // Enables the action when a finder may start (call when the project or a run changes).
  void updateEnabled();

 signals:
  void busyChanged(bool busy);
  void profileStarted();
  void profileStep(qint64 step, qint64 steps);
  void profileFinished(const convstudio::StepProfile& profile);

 private:
  void applyLearningRate(double lr);
  void applyBatchSize(qint64 batchSize);

  TuningHost host_;
  TuningRunner* runner_ = nullptr;
  QAction* findLr_ = nullptr;
  QAction* profile_ = nullptr;
  QPointer<LrFinderDialog> lrDialog_;
  QPointer<BatchSizeFinderDialog> batchDialog_;
};

}  // namespace convstudio
