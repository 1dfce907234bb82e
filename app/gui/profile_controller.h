#pragma once
// The studio's profiler: the Profile dock's button and Training > Profile Training Steps start
// it on the open project (TuningActions, off the UI thread); its figures fill the dock's table,
// colour every block on the canvas by its share of a step (with a legend), and name the hottest
// block in the summary bar. Any edit of the graph clears them all: figures of another graph
// must not stay on the canvas.

#include <QHash>
#include <QObject>

#include "convstudio/train/step_profile.h"

namespace convstudio {

class BuilderCanvas;
class GraphDocument;
class ProfileLegend;
class ProfilePanel;
class TuningActions;

class ProfileController : public QObject {
  Q_OBJECT

 public:
  ProfileController(GraphDocument* document, BuilderCanvas* canvas, TuningActions* tuning,
                    QObject* parent = nullptr);

  ProfilePanel* panel() const { return panel_; }
  ProfileLegend* legend() const { return legend_; }
  bool hasFigures() const { return !shares_.isEmpty(); }

 public slots:
  // What the profiler found (also called by tests with a profile of their own).
  void showProfile(const convstudio::StepProfile& profile);
  // Drops the figures from the table, the canvas and the summary bar, saying why.
  void clear(const QString& why);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void graphChanged();
  void paintCanvas();
  void placeLegend();

  GraphDocument* document_;
  BuilderCanvas* canvas_;
  TuningActions* tuning_;
  ProfilePanel* panel_;
  ProfileLegend* legend_;
  QHash<QString, double> shares_;  // block id → share of the step, 0..1
  QHash<QString, QString> labels_;
  bool running_ = false;
  bool changedWhileRunning_ = false;
};

}  // namespace convstudio
