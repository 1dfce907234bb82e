#pragma once
// The Queue dock: the project's queued runs (label, state, progress of the one training) with
// the actions on them: Queue Current Settings, Sweep…, Move Up, Move Down, Remove and Pause or
// Resume Queue. The view owns the actions, so the Training menu shows the same ones; it only
// asks (signals), the queue runner decides.

#include <QList>
#include <QString>
#include <QWidget>

#include "convstudio/runs/run_queue.h"

class QAction;
class QLabel;
class QTreeWidget;

namespace convstudio {

class RunQueueView : public QWidget {
  Q_OBJECT

 public:
  explicit RunQueueView(QWidget* parent = nullptr);

  // Shows `queue`; `active` is the id of the entry training now (empty: none).
  void setQueue(const RunQueue& queue, const QString& active);
  // The running entry's progress, 0..1.
  void setProgress(const QString& id, double fraction);
  // Whether runs can be queued now (a project is open and its settings can train).
  void setQueueingAllowed(bool allowed, const QString& why = {});

  int entryCount() const;
  QString entryId(int row) const;
  // The row of the selected entry, or -1; selects a row (tests and the actions' targets).
  int selectedRow() const;
  void selectRow(int row);
  // The label, state and progress texts of a row, as shown.
  QString text(int row, int column) const;
  // A queued run's state in the user's words.
  static QString stateText(QueuedRunState state);

  QAction* queueCurrentAction() const { return queueCurrent_; }
  QAction* sweepAction() const { return sweep_; }
  QAction* moveUpAction() const { return moveUp_; }
  QAction* moveDownAction() const { return moveDown_; }
  QAction* removeAction() const { return remove_; }
  QAction* pauseAction() const { return pause_; }
  QList<QAction*> actions() const;

 signals:
  void queueCurrentRequested();
  void sweepRequested();
  void moveRequested(const QString& id, int direction);
  void removeRequested(const QString& id);
  void pauseRequested(bool paused);

 private:
  void updateActions();

  QTreeWidget* list_ = nullptr;
  QLabel* summary_ = nullptr;
  RunQueue queue_;
  QString active_;
  double activeProgress_ = 0;  // kept across rebuilds of the list
  bool queueingAllowed_ = false;
  QAction* queueCurrent_ = nullptr;
  QAction* sweep_ = nullptr;
  QAction* moveUp_ = nullptr;
  QAction* moveDown_ = nullptr;
  QAction* remove_ = nullptr;
  QAction* pause_ = nullptr;
};

}  // namespace convstudio
