#pragma once
// A study at a glance (issue 36), a tab of the Runs dock: a parallel-coordinates plot (one axis
// per searched setting, logarithmic for log spaces, then the score; one line per trial coloured
// by its score, pruned trials grey and dashed, refused ones counted but not drawn), a plot of the
// best validation accuracy so far against the trial number, and "Apply Best Settings". Both
// plots are redrawn from the plan whenever a trial ends.

#include <QString>
#include <QWidget>

#include <optional>

#include "convstudio/runs/study_plan.h"

class QCustomPlot;
class QLabel;
class QPushButton;

namespace convstudio {

class StudyView : public QWidget {
  Q_OBJECT

 public:
  explicit StudyView(QWidget* parent = nullptr);

  // nullopt: the project has no study.
  void setStudy(const std::optional<StudyPlan>& study);
  const std::optional<StudyPlan>& study() const { return study_; }

  QCustomPlot* coordinates() const { return coordinates_; }
  QCustomPlot* bestSoFar() const { return best_; }
  QPushButton* applyBestButton() const { return applyBest_; }
  // The trials drawn as lines (trained ones with a score, pruned included).
  int drawnLineCount() const { return lines_; }

  // Where a trial's value sits on its axis, 0..1 (log spaces in the logarithm, choices evenly).
  static double axisPosition(const StudySpace& space, double value);

 signals:
  // The user asked for the best trial's settings on the project (one undoable step).
  void applyBestRequested();

 private:
  void drawCoordinates();
  void drawBestSoFar();

  QLabel* summary_ = nullptr;
  QCustomPlot* coordinates_ = nullptr;
  QCustomPlot* best_ = nullptr;
  QPushButton* applyBest_ = nullptr;
  std::optional<StudyPlan> study_;
  int lines_ = 0;
};

}  // namespace convstudio
