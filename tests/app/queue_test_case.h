#pragma once
// What the run queue's tests share: a cockpit window (the real bridge, CPU only) over a tiny
// project of each test's own, so each has its own runs and queue, with 8-step runs unless the
// test asks for longer; and waits on the queue.

#include <QObject>
#include <QString>
#include <QStringList>

#include <filesystem>

#include "cockpit_window.h"

namespace convstudio {
class RunQueueRunner;
class RunQueueView;
}  // namespace convstudio

namespace convstudio::testing {

class QueueTestCase : public QObject {
 protected:
  static constexpr int kQueueTimeoutMs = 120000;  // a ceiling for a loaded machine, not a pace

  // initTestCase: the data set; init: a new project and its window; cleanup: the window gone
  // (the controller's destructor stops any run and joins the thread).
  bool writeData() { return fixture_.writeData(); }
  bool openNewProject();
  bool reopenWindow();
  void closeWindow();

  RunQueueRunner* runner() const;
  RunQueueView* view() const;
  // True once nothing in the queue waits or trains and the worker is idle.
  bool waitForQueue() const;
  QStringList labels() const;
  static std::filesystem::path local(const QString& file);

  CockpitFixture fixture_;
  Project& project_ = fixture_.project;
  QString& projectFile_ = fixture_.projectFile;
  TrainingCockpit* cockpit_ = nullptr;
};

}  // namespace convstudio::testing
