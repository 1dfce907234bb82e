// The studio's runs take the run folder's lock too (issue 31): starting a run in a folder another
// run trains into is a start failure that names that run's process, and no run starts.
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "convstudio/runs/run_folder_lock.h"
#include "training_controller.h"

namespace convstudio {

class RunFolderInUseTest : public QObject {
  Q_OBJECT

 private slots:
  void aRunIntoAFolderInUseIsRefusedAtTheStart();
};

void RunFolderInUseTest::aRunIntoAFolderInUseIsRefusedAtTheStart() {
  QTemporaryDir root;
  QVERIFY(root.isValid());
  const QString folder = root.filePath(QStringLiteral("run"));
  // Another run (here: this process, as a CLI run would from its own) holds the folder.
  Result<RunFolderLock> held = RunFolderLock::acquire(QFile::encodeName(folder).toStdString());
  QVERIFY(held.ok());

  TrainingController controller;
  RunStart how;
  how.resumeCheckpoint = QDir(folder).filePath(QStringLiteral("last.ckpt"));
  how.continueInCheckpointFolder = true;
  const Result<QString> started =
      controller.start(Project{}, root.filePath(QStringLiteral("p.convstudio")), how);
  QVERIFY(!started);
  // The engine's Error with the folder as its place, the process in its message.
  QCOMPARE(started.error().file, QFile::encodeName(folder).toStdString());
  const QString message = QString::fromStdString(started.error().message);
  QVERIFY2(message.contains(QStringLiteral("in use by process %1").arg(::getpid())),
           qPrintable(message));
  QVERIFY(!QFile::exists(QDir(folder).filePath(QStringLiteral("run.json"))));
}

}  // namespace convstudio

QTEST_MAIN(convstudio::RunFolderInUseTest)
#include "run_folder_in_use_test.moc"
