#include "queue_test_case.h"

#include <QFile>
#include <QTest>

#include "queue_actions.h"
#include "run_queue_runner.h"
#include "training_cockpit.h"
#include "training_controller.h"
#include "training_test_data.h"

namespace convstudio::testing {

bool QueueTestCase::openNewProject() {
  static int count = 0;
  projectFile_ = fixture_.dir.filePath(QStringLiteral("queue-%1.convstudio").arg(++count));
  project_ = tinyProject(fixture_.dataFolder);
  project_.training.epochs = 1;
  project_.training.max_steps = 8;
  return reopenWindow();
}

bool QueueTestCase::reopenWindow() {
  const bool shown = fixture_.openWindow();
  cockpit_ = fixture_.cockpit();
  return shown;
}

void QueueTestCase::closeWindow() {
  fixture_.closeWindow();
  cockpit_ = nullptr;
}

RunQueueRunner* QueueTestCase::runner() const {
  return cockpit_->queue()->runner();
}

RunQueueView* QueueTestCase::view() const {
  return cockpit_->queue()->view();
}

bool QueueTestCase::waitForQueue() const {
  return QTest::qWaitFor(
      [this] { return runner()->pendingCount() == 0 && !cockpit_->controller()->isRunning(); },
      kQueueTimeoutMs);
}

QStringList QueueTestCase::labels() const {
  QStringList result;
  for (const QueuedRun& run : runner()->queue().runs) result << QString::fromStdString(run.label);
  return result;
}

std::filesystem::path QueueTestCase::local(const QString& file) {
  return std::filesystem::path(QFile::encodeName(file).toStdString());
}

}  // namespace convstudio::testing
