#pragma once
// Run control and progress: Start, Pause/Resume, Stop, Resume from checkpoint, release cached
// GPU memory; epoch and overall progress bars with ETA and samples/s; a status line with the
// device and its memory; the FLOP/s the run achieves and its share of the device's measured peak;
// for a data-parallel run, each rank's speed and memory. Steps may arrive thousands of times a
// second, so labels update from the latest step on a timer.

#include <QStringList>
#include <QWidget>

#include <optional>

#include "convstudio/runs/training_events.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace convstudio {

class RankLoadView;

class TrainingProgressView : public QWidget {
  Q_OBJECT

 public:
  enum class Phase { Idle, Preparing, Running, Paused, Stopping };

  explicit TrainingProgressView(QWidget* parent = nullptr);

  void setPhase(Phase phase);
  Phase phase() const { return phase_; }
  // Start stays disabled while `reason` is not empty (it becomes the button's tooltip).
  void setStartBlocked(const QString& reason);
  // Whether the "Release cached GPU memory" button applies (a CUDA device is present).
  void setGpuPresent(bool present);
  // `rankDevices`: a data-parallel run's device per rank ("CPU", "cuda:1"); empty for one
  // process. Such a run cannot pause (a paused rank would stall the others).
  void beginRun(const QString& device, const QStringList& rankDevices = {});
  void showStep(const StepMetrics& step);
  // The run's last word ("Finished after 20 steps", "Stopped; checkpoint …").
  void showOutcome(const QString& text);
  void showMessage(const QString& text);

  QProgressBar* overallBar() const { return overall_; }
  QProgressBar* epochBar() const { return epoch_; }
  QString statusText() const;
  RankLoadView* rankLoad() const { return rankLoad_; }
  bool pauseOffered() const { return pauseOffered_; }

  // "1:02:03" or "2:03".
  static QString durationText(double seconds);
  // The memory part of the status line, e.g. "allocated 1.2 GiB · reserved 2.0 GiB".
  static QString memoryText(const MemorySnapshot& memory);
  // "12.3 GFLOP/s", "1.05 TFLOP/s".
  static QString flopsText(double flopsPerSecond);
  // The compute line: achieved FLOP/s and, when the peak is known, its share of it.
  static QString utilisationText(const StepMetrics& step);
  QString utilisationLine() const;

 signals:
  void startRequested();
  void pauseRequested();
  void resumeRequested();
  void stopRequested();
  void resumeFromCheckpointRequested();
  void releaseMemoryRequested();
  // The status line changed (the main window mirrors it in its status bar).
  void statusChanged(const QString& text);

 private:
  void createButtons();  // made and connected to the view's requests
  void updateLabels();
  void updateButtons();
  void setStatus(const QString& text);

  // The run's buttons, as the cockpit's run actions.
  struct RunButtons {
    QPushButton* start = nullptr;
    QPushButton* pause = nullptr;
    QPushButton* stop = nullptr;
    QPushButton* resumeCheckpoint = nullptr;
    QPushButton* release = nullptr;
  };

  RunButtons buttons_;
  QProgressBar* epoch_ = nullptr;
  QProgressBar* overall_ = nullptr;
  QLabel* epochLabel_ = nullptr;
  QLabel* overallLabel_ = nullptr;
  QLabel* speed_ = nullptr;
  QLabel* utilisation_ = nullptr;
  QLabel* status_ = nullptr;
  RankLoadView* rankLoad_ = nullptr;
  bool pauseOffered_ = true;
  QTimer* labelTimer_ = nullptr;
  Phase phase_ = Phase::Idle;
  QString blockedReason_;
  QString device_;
  bool gpuPresent_ = false;
  std::optional<StepMetrics> latest_;
  bool pending_ = false;
};

}  // namespace convstudio
