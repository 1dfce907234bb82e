// Errors point at their place (issue 30): an error naming a setting gives that setting's editor
// the keyboard, and a run that fails naming a block selects that block on the canvas. The Errors
// are the engine's, unchanged, from the controller to the window.

#include <QDockWidget>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "builder_canvas.h"
#include "builder_scene.h"
#include "convstudio/model/project_file.h"
#include "failure_text.h"
#include "main_window.h"
#include "project_controller.h"
#include "training/training_settings_panel.h"
#include "training_cockpit.h"
#include "training_controller.h"
#include "training_test_data.h"

namespace convstudio {

class ErrorPlaceTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
  void aSettingPlaceGivesItsEditorTheKeyboard();
  void aRunThatFailsAtABlockSelectsThatBlock();
};

void ErrorPlaceTest::aSettingPlaceGivesItsEditorTheKeyboard() {
  MainWindow window;
  window.show();
  window.activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(&window));
  window.projects()->openExample();
  TrainingCockpit* cockpit = window.training();
  QWidget* batch = cockpit->settingsPanel()->editorFor("training.batch_size");
  QVERIFY(batch != nullptr);
  QCOMPARE(batch->objectName(), QStringLiteral("batchSize"));
  QVERIFY(!batch->hasFocus());
  // Behind another tab, or closed: the Training dock comes to the front with the editor.
  cockpit->settingsDock()->hide();
  QVERIFY(cockpit->pointAt(Error::in_setting("training.batch_size", "too big for the GPU")));
  QVERIFY(cockpit->settingsDock()->isVisible());
  QVERIFY2(batch->hasFocus(), QApplication::focusWidget()
                                  ? qPrintable(QApplication::focusWidget()->objectName())
                                  : "nothing has the keyboard");
  // A field of a file (a JSON path) is the file's place, not an editor's; no place, no pointing.
  QVERIFY(!cockpit->pointAt(Error::at_field("other.convstudio", "training.lr", "not a number")));
  QVERIFY(!cockpit->pointAt(Error::without_place("out of luck")));
}

void ErrorPlaceTest::aRunThatFailsAtABlockSelectsThatBlock() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString data = dir.filePath(QStringLiteral("tiny-idx"));
  testing::writeTinyIdxDataset(data);  // 4 classes
  // The Output block says 3 classes: the run fails at that block once it has read the data.
  const Project project = testing::tinyProject(data, 3);
  const QString file = dir.filePath(QStringLiteral("three.convstudio"));
  QVERIFY(!ProjectFile::save(project, QFile::encodeName(file).toStdString()));
  const QString output = QString::fromStdString(project.graph.blocks_of_type("Output").front());

  MainWindow window;
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  const std::vector<Error> errors = window.projects()->openFile(file);
  QVERIFY2(errors.empty(), failureText(errors).constData());
  window.canvas()->scene()->selectBlocks({});
  TrainingController* controller = window.training()->controller();
  QSignalSpy failed(controller, &TrainingController::failed);
  QSignalSpy finished(controller, &TrainingController::finished);
  QVERIFY(window.training()->startTraining());
  // A generous ceiling for a slow machine, not a pace: the run fails before its first step.
  QVERIFY(finished.count() > 0 || finished.wait(120000));
  QCOMPARE(failed.count(), 1);
  const RunError error = failed.at(0).at(0).value<RunError>();
  QCOMPARE(QString::fromStdString(error.block_id), output);
  QCOMPARE(window.canvas()->scene()->selectedBlockIds(), QStringList{output});
}

}  // namespace convstudio

QTEST_MAIN(convstudio::ErrorPlaceTest)
#include "error_place_test.moc"
