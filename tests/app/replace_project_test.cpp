// Issue 31, item 7: every action that replaces the open project asks first, through one path
// (ProjectController::confirmReplace), when the project has unsaved edits or was never saved and
// has runs; Cancel leaves it as it was. A run still training is stopped (after asking) in its own
// project's place. File > Recover Unsaved Runs… gives back what an unsaved project left behind.

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include "app_settings.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/template_library.h"
#include "convstudio/runs/project_runs.h"
#include "convstudio/runs/run_recorder.h"
#include "graph_document.h"
#include "main_window.h"
#include "modal_answers.h"
#include "project_controller.h"
#include "recover_runs_dialog.h"
#include "start_page.h"
#include "training/runs_list.h"
#include "training_cockpit.h"
#include "training_controller.h"
#include "training_test_data.h"

using namespace convstudio;
using testing::ModalAnswers;

namespace {

std::filesystem::path localPath(const QString& path) {
  return QFile::encodeName(path).toStdString();
}

// A run as the recorder leaves it once it has ended; returns its folder.
QString recordRun(const QString& owner, const Project& project, int steps, double accuracy) {
  const std::filesystem::path folder = new_run_folder(localPath(owner));
  RunRecorder recorder(folder, project);
  recorder.finish({{"steps", steps}, {"val_accuracy", accuracy}});
  recorder.on_state(RunState::Finished, "");
  return QFile::decodeName(folder.string().c_str());
}

// The example, with edits of the kind issue 31 saw lost (learning rate, batch size, class
// count), or untouched but with a run made before it was ever saved.
void prepare(MainWindow& window, bool neverSavedWithRuns) {
  window.projects()->openExample();
  if (neverSavedWithRuns) {
    recordRun(window.projects()->runsOwnerFile(), window.document()->project(), 120, 0.8);
    window.training()->runs()->reload();
    return;
  }
  TrainingSettings training = window.document()->project().training;
  training.optimizer.lr = 0.0123;
  training.batch_size = 24;
  window.document()->setSettings(window.document()->project().dataset, training);
  const std::string output = window.document()->graph().blocks_of_type("Output").front();
  window.document()->setParam(QString::fromStdString(output), QStringLiteral("classes"),
                              std::int64_t{7});
}

QAction* fileAction(const MainWindow& window, const char* name) {
  return window.findChild<QAction*>(QLatin1String(name));
}

}  // namespace

class ReplaceProjectTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void everyReplacingActionAsksFirstAndCancelKeepsTheProject_data();
  void everyReplacingActionAsksFirstAndCancelKeepsTheProject();
  void nothingToLoseAsksNothing();
  void replacingWhileARunTrainsStopsItInItsOwnProject();
  void recoveredRunsOpenTheirProjectAgainAndSaveAsKeepsThem();
  void recoverSaysWhenNothingIsLeft();

 private:
  QTemporaryDir dir_;
  QString recentFile_;
};

void ReplaceProjectTest::initTestCase() {
  QStandardPaths::setTestModeEnabled(true);
  QApplication::setOrganizationName(QStringLiteral("ConvStudioTest"));
  QApplication::setApplicationName(QStringLiteral("ReplaceProjectTest"));
  settings::kMainWindowState.clear();
  recentFile_ = dir_.filePath(QStringLiteral("recent.convstudio"));
  Project recent;
  recent.graph = *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  QVERIFY(!ProjectFile::save(recent, localPath(recentFile_)));
}

void ReplaceProjectTest::init() {
  QVERIFY(QDir(ProjectController::dataFolder() + QStringLiteral("/unsaved")).removeRecursively());
  QFile::remove(ProjectController::recoveryFilePath());
  settings::kRecentFiles.setValue({recentFile_});
}

void ReplaceProjectTest::everyReplacingActionAsksFirstAndCancelKeepsTheProject_data() {
  QTest::addColumn<QString>("action");
  QTest::addColumn<bool>("neverSavedWithRuns");
  const QStringList actions = {
      QStringLiteral("New Project"),   QStringLiteral("New from template"),
      QStringLiteral("Open"),          QStringLiteral("Open Recent"),
      QStringLiteral("Import Model"),  QStringLiteral("Example"),
      QStringLiteral("Close Project"), QStringLiteral("Recover Unsaved Runs"),
      QStringLiteral("Quit")};
  for (const QString& action : actions) {
    QTest::newRow(qPrintable(action + QStringLiteral(", edited"))) << action << false;
    QTest::newRow(qPrintable(action + QStringLiteral(", never saved, with a run")))
        << action << true;
  }
}

void ReplaceProjectTest::everyReplacingActionAsksFirstAndCancelKeepsTheProject() {
  QFETCH(QString, action);
  QFETCH(bool, neverSavedWithRuns);
  // Another unsaved project's run, so that Recover Unsaved Runs has something to open.
  const QString stranded =
      QFile::decodeName(unsaved_project_file(localPath(ProjectController::dataFolder())).c_str());
  Project lenet5;
  lenet5.graph = *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  recordRun(stranded, lenet5, 10, 0.5);

  MainWindow window;
  prepare(window, neverSavedWithRuns);
  const Project before = window.document()->project();
  const bool modified = window.projects()->isModified();
  const QString owner = window.projects()->runsOwnerFile();
  const QString title = window.windowTitle();

  std::deque<ModalAnswers::Handler> answers;
  if (action == QStringLiteral("Recover Unsaved Runs")) {
    // First the list (its only project chosen), then the question.
    answers.push_back([](QWidget* dialog) {
      auto* recover = qobject_cast<RecoverRunsDialog*>(dialog);
      QVERIFY(recover);
      recover->accept();
    });
  }
  answers.push_back(ModalAnswers::click(QMessageBox::Cancel));
  ModalAnswers answered(std::move(answers));

  if (action == QStringLiteral("New Project")) {
    fileAction(window, "newProjectAction")->trigger();
  } else if (action == QStringLiteral("New from template")) {
    window.startPage()->templateRequested(QStringLiteral("resnet-small"));
  } else if (action == QStringLiteral("Open")) {
    fileAction(window, "openProjectAction")->trigger();
  } else if (action == QStringLiteral("Open Recent")) {
    window.findChild<QMenu*>(QStringLiteral("recentMenu"))->actions().front()->trigger();
  } else if (action == QStringLiteral("Import Model")) {
    fileAction(window, "importModelAction")->trigger();
  } else if (action == QStringLiteral("Example")) {
    fileAction(window, "openExampleAction")->trigger();
  } else if (action == QStringLiteral("Close Project")) {
    fileAction(window, "closeProjectAction")->trigger();
  } else if (action == QStringLiteral("Recover Unsaved Runs")) {
    fileAction(window, "recoverUnsavedRunsAction")->trigger();
  } else if (action == QStringLiteral("Quit")) {
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!window.close());
    QVERIFY(window.isVisible());
  }

  QVERIFY2(answered.allAnswered(), qPrintable(answered.seen.join(QLatin1Char('\n'))));
  const QString prompt = answered.seen.last();
  QVERIFY2(prompt.startsWith(QStringLiteral("QMessageBox: “Fashion-MNIST example”")),
           qPrintable(answered.seen.join(QLatin1Char('\n'))));
  if (neverSavedWithRuns) {
    QVERIFY2(prompt.contains(QStringLiteral("1 training run")), qPrintable(prompt));
  }
  // Cancel: the same project, edits, place for its runs, title; its runs where they were.
  QVERIFY(window.projects()->isOpen());
  QVERIFY(window.document()->project() == before);
  QCOMPARE(window.projects()->isModified(), modified);
  QCOMPARE(window.projects()->runsOwnerFile(), owner);
  QCOMPARE(window.windowTitle(), title);
  QCOMPARE(window.training()->runs()->runCount(), neverSavedWithRuns ? 1 : 0);
}

void ReplaceProjectTest::nothingToLoseAsksNothing() {
  MainWindow window;
  window.projects()->openExample();
  ModalAnswers answered({ModalAnswers::click(QMessageBox::Cancel)});
  fileAction(window, "openExampleAction")->trigger();
  QVERIFY2(answered.seen.isEmpty(), qPrintable(answered.seen.join(QLatin1Char('\n'))));
  QVERIFY(window.projects()->isOpen());
}

void ReplaceProjectTest::replacingWhileARunTrainsStopsItInItsOwnProject() {
  const QString data = dir_.filePath(QStringLiteral("tiny-idx"));
  testing::writeTinyIdxDataset(data);
  MainWindow window;
  window.projects()->newBlank();
  Project longRun = testing::tinyProject(data);
  longRun.training.max_steps = 0;
  longRun.training.epochs = 100000;  // stopped by the test long before the end
  window.document()->resetProject(longRun);
  const QString owner = window.projects()->runsOwnerFile();
  QVERIFY(window.training()->startTraining());
  TrainingController* controller = window.training()->controller();
  QTRY_VERIFY_WITH_TIMEOUT(!controller->runFolder().isEmpty() &&
                               QFileInfo::exists(controller->runFolder() + "/run.json"),
                           120000);
  const QString runFolder = controller->runFolder();

  // Discard the unsaved project, but not the run: nothing changes.
  {
    ModalAnswers answered(
        {ModalAnswers::click(QMessageBox::Discard), ModalAnswers::click(QMessageBox::No)});
    fileAction(window, "openExampleAction")->trigger();
    QVERIFY2(answered.allAnswered(), qPrintable(answered.seen.join(QLatin1Char('\n'))));
    QVERIFY2(answered.seen.last().contains(QStringLiteral("training run is in progress")),
             qPrintable(answered.seen.last()));
    QVERIFY(controller->isRunning());
    QCOMPARE(window.projects()->runsOwnerFile(), owner);
  }
  // Discard both: the run stops and stays with the project it trained (stranded, offered back),
  // not among the example's runs.
  ModalAnswers answered(
      {ModalAnswers::click(QMessageBox::Discard), ModalAnswers::click(QMessageBox::Yes)});
  fileAction(window, "openExampleAction")->trigger();
  QVERIFY2(answered.allAnswered(), qPrintable(answered.seen.join(QLatin1Char('\n'))));
  QVERIFY(!controller->isRunning());
  QVERIFY(window.projects()->runsOwnerFile() != owner);
  QCOMPARE(window.training()->runs()->runCount(), 0);
  QVERIFY(QFileInfo(runFolder + QStringLiteral("/last.ckpt")).isDir());
  QCOMPARE(window.projects()->strandedProjects(), QStringList{owner});
}

void ReplaceProjectTest::recoveredRunsOpenTheirProjectAgainAndSaveAsKeepsThem() {
  MainWindow window;
  QVERIFY(window.projects()->newFromTemplate(QStringLiteral("lenet5")));
  Project trained = window.document()->project();
  const QString owner = window.projects()->runsOwnerFile();
  const QString run = recordRun(owner, trained, 120, 0.875);
  window.projects()->close();  // as Discard would: the run stays in the data folder
  QCOMPARE(window.projects()->strandedProjects(), QStringList{owner});

  QStringList row;
  ModalAnswers answered({[&row](QWidget* dialog) {
    auto* recover = qobject_cast<RecoverRunsDialog*>(dialog);
    QVERIFY(recover);
    QTreeWidget* list = recover->runList();
    QCOMPARE(list->topLevelItemCount(), 1);
    QTreeWidgetItem* item = list->topLevelItem(0)->child(0);
    QVERIFY(item);
    for (int column = 0; column < list->columnCount(); ++column) row << item->text(column);
    list->setCurrentItem(item);
    recover->findChild<QPushButton*>(QStringLiteral("openRecoveredProject"))->click();
  }});
  fileAction(window, "recoverUnsavedRunsAction")->trigger();
  QVERIFY2(answered.allAnswered(), qPrintable(answered.seen.join(QLatin1Char('\n'))));
  // When, which network, how far, how well.
  QVERIFY2(!row.value(0).isEmpty(), qPrintable(row.join(QLatin1Char('|'))));
  QCOMPARE(row.mid(1), (QStringList{QStringLiteral("lenet5"), QStringLiteral("120"),
                                    QStringLiteral("87.5%"), QStringLiteral("finished")}));

  // Its project again, with its runs, unsaved: saving asks for a file and takes them along.
  QVERIFY(window.projects()->isOpen());
  QVERIFY(window.document()->project() == trained);
  QCOMPARE(window.projects()->runsOwnerFile(), owner);
  QCOMPARE(window.projects()->displayName(), QStringLiteral("lenet5 (recovered)"));
  QCOMPARE(window.training()->runs()->runCount(), 1);
  QCOMPARE(window.projects()->unsavedRunCount(), 1);
  const QString saved = dir_.filePath(QStringLiteral("kept.convstudio"));
  QVERIFY(window.projects()->saveTo(saved));
  QVERIFY(QFileInfo::exists(saved + QStringLiteral(".runs/") + QFileInfo(run).fileName() +
                            QStringLiteral("/run.json")));
  QVERIFY(!QFileInfo::exists(owner + QStringLiteral(".runs")));
  QVERIFY(window.projects()->strandedProjects().isEmpty());
  QCOMPARE(window.training()->runs()->runCount(), 1);
}

void ReplaceProjectTest::recoverSaysWhenNothingIsLeft() {
  MainWindow window;
  ModalAnswers answered({ModalAnswers::click(QMessageBox::Ok)});
  fileAction(window, "recoverUnsavedRunsAction")->trigger();
  QVERIFY2(answered.allAnswered(), qPrintable(answered.seen.join(QLatin1Char('\n'))));
  QVERIFY2(answered.seen.front().contains(QStringLiteral("No runs of unsaved projects")),
           qPrintable(answered.seen.front()));
  QVERIFY(!window.projects()->isOpen());
}

QTEST_MAIN(ReplaceProjectTest)
#include "replace_project_test.moc"
