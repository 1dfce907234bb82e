// Runs and models belong to their project: nothing trains without a project, Export and the
// Inference panel never offer a checkpoint of another network (and say why when one is picked
// anyway), and the model they use by default is the best of the newest finished run, named,
// even after a later stopped run. Real runs through the bridge on a tiny dataset.

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "app_settings.h"
#include "export_dialog.h"
#include "graph_document.h"
#include "inference_controller.h"
#include "main_window.h"
#include "project_controller.h"
#include "training_cockpit.h"
#include "training_controller.h"
#include "training_test_data.h"

using namespace convstudio;

namespace {

constexpr int kRunTimeoutMs = 120000;  // a ceiling for slow machines, not a pace

// Runs `project` through the window's cockpit and waits for its end; stops it after a few
// steps when `stop` is set. The run's folder.
QString runThroughTheCockpit(MainWindow& window, bool stop) {
  QSignalSpy finished(window.training()->controller(), &TrainingController::finished);
  QSignalSpy stepped(window.training()->controller(), &TrainingController::stepped);
  if (!window.training()->startTraining()) return {};
  if (stop) {
    if (!QTest::qWaitFor([&] { return stepped.size() >= 3; }, kRunTimeoutMs)) return {};
    window.training()->controller()->stop();
  }
  if (!QTest::qWaitFor([&] { return finished.size() == 1; }, kRunTimeoutMs)) return {};
  return finished.front().at(1).toString();
}

QString comboPaths(const QComboBox* combo) {
  QStringList paths;
  for (int i = 0; i < combo->count(); ++i) paths << combo->itemData(i).toString();
  return paths.join(QLatin1Char('\n'));
}

}  // namespace

class TrainedModelsTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConvStudioTest"));
    QApplication::setApplicationName(QStringLiteral("TrainedModelsTest"));
    QVERIFY(dir_.isValid());
    data_ = dir_.filePath(QStringLiteral("tiny-idx"));
    testing::writeTinyIdxDataset(data_);
  }

  void startTrainingNeedsAProject() {
    MainWindow window;
    QAction* start = window.training()->startAction();
    QVERIFY(!start->isEnabled());
    QVERIFY(!window.training()->startTraining());  // not even from code
    QVERIFY(!window.training()->controller()->isRunning());
    window.projects()->newBlank();
    window.document()->resetProject(testing::tinyProject(data_));
    window.training()->reloadProject();
    QVERIFY(start->isEnabled());
    window.projects()->close();
    QVERIFY(!start->isEnabled());
  }

  void theBestOfTheNewestFinishedRunServesUntilTheUserChooses() {
    const QString path = dir_.filePath(QStringLiteral("best.convstudio"));
    MainWindow window;
    window.projects()->newBlank();
    window.document()->resetProject(testing::tinyProject(data_));
    QVERIFY(window.projects()->saveTo(path));
    const QString finishedRun = runThroughTheCockpit(window, false);
    QVERIFY(!finishedRun.isEmpty());
    const QString best = finishedRun + QStringLiteral("/best.ckpt");
    QVERIFY(QFileInfo(best).isDir());
    QCOMPARE(window.inference()->modelPath(), best);

    // A later run, stopped: its last checkpoint is newer, but the finished run's best stays.
    Project longer = window.document()->project();
    longer.training.max_steps = 0;
    longer.training.epochs = 100000;
    window.document()->setSettings(longer.dataset, longer.training);
    const QString stoppedRun = runThroughTheCockpit(window, true);
    QVERIFY(!stoppedRun.isEmpty());
    QVERIFY(QFileInfo(stoppedRun + QStringLiteral("/last.ckpt")).isDir());
    QCOMPARE(window.inference()->modelPath(), best);
    auto* model = window.findChild<QLabel*>(QStringLiteral("inferenceModel"));
    QTRY_VERIFY_WITH_TIMEOUT(model->text().startsWith(QStringLiteral("Loaded: ")), 30000);
    QVERIFY2(model->text().contains(QFileInfo(finishedRun).fileName() + QStringLiteral(" · best")),
             qPrintable(model->text()));

    // Both runs' checkpoints are offered, newest run first (the stopped run may have kept a
    // best one too); choosing one keeps it.
    auto* choice = window.findChild<QComboBox*>(QStringLiteral("inferenceModelChoice"));
    QVERIFY(choice->count() >= 3);
    QVERIFY(choice->itemData(0).toString().startsWith(stoppedRun + QLatin1Char('/')));
    QCOMPARE(choice->itemData(choice->count() - 1).toString(),
             finishedRun + QStringLiteral("/last.ckpt"));
    QCOMPARE(choice->currentData().toString(), best);
    const QString picked = choice->itemData(0).toString();
    choice->setCurrentIndex(0);
    emit choice->activated(0);
    QCOMPARE(window.inference()->modelPath(), picked);
    window.refreshTrainedModels();
    QCOMPARE(window.inference()->modelPath(), picked);

    // Export starts from the same default.
    ExportDialog* dialog = window.exportModel();
    auto* checkpoint = dialog->findChild<QLineEdit*>(QStringLiteral("exportCheckpoint"));
    QCOMPARE(QDir::fromNativeSeparators(checkpoint->text()), best);
    dialog->close();
  }

  void aCheckpointOfAnotherNetworkIsNeverOffered() {
    const QString path = dir_.filePath(QStringLiteral("mine.convstudio"));
    MainWindow window;
    window.projects()->newBlank();
    window.document()->resetProject(testing::tinyProject(data_));
    QVERIFY(window.projects()->saveTo(path));
    const QString mine = runThroughTheCockpit(window, false);
    QVERIFY(!mine.isEmpty());
    // A newer run in the same folder, of a network with a wider hidden layer.
    Project other = testing::tinyProject(data_);
    QVERIFY(other.graph.set_param("fc1", "out_features", std::int64_t{32}));
    const QString foreignRun = path + QStringLiteral(".runs/29990101-000000");
    QVERIFY(!testing::trainCheckpoint(other, foreignRun, 4).isEmpty());
    QFile runFile(foreignRun + QStringLiteral("/run.json"));
    QVERIFY(runFile.open(QIODevice::WriteOnly));
    runFile.write(R"({"format": "convstudio-run", "state": "finished"})");
    runFile.close();
    window.refreshTrainedModels();

    auto* inferenceChoice = window.findChild<QComboBox*>(QStringLiteral("inferenceModelChoice"));
    QVERIFY2(!comboPaths(inferenceChoice).contains(foreignRun),
             qPrintable(comboPaths(inferenceChoice)));
    QCOMPARE(window.inference()->modelPath(), mine + QStringLiteral("/best.ckpt"));

    ExportDialog* dialog = window.exportModel();
    auto* exportChoice = dialog->findChild<QComboBox*>(QStringLiteral("exportModelChoice"));
    QVERIFY(exportChoice->count() >= 1);
    QVERIFY(!comboPaths(exportChoice).contains(foreignRun));
    auto* checkpoint = dialog->findChild<QLineEdit*>(QStringLiteral("exportCheckpoint"));
    QCOMPARE(QDir::fromNativeSeparators(checkpoint->text()), mine + QStringLiteral("/best.ckpt"));

    // Picked by hand, it is refused with the reason: a run of this project, so another version
    // of its network (issue 32 item 6), which the dialog offers to open.
    QSignalSpy checked(dialog, &ExportDialog::checked);
    dialog->setCheckpoint(foreignRun + QStringLiteral("/last.ckpt"));
    QVERIFY(!dialog->checkPassed());
    auto* status = dialog->findChild<QLabel*>(QStringLiteral("exportStatus"));
    QVERIFY2(status->text().contains(QStringLiteral("trained on an earlier version of this "
                                                    "network")) &&
                 status->text().contains(QStringLiteral("fc1 had out_features 32; it is 16 now")),
             qPrintable(status->text()));
    QVERIFY(
        dialog->findChild<QPushButton*>(QStringLiteral("openTrainedVersion"))->isVisibleTo(dialog));
    QVERIFY(!dialog->findChild<QPushButton*>(QStringLiteral("exportButton"))->isEnabled());
    dialog->close();
  }

 private:
  QTemporaryDir dir_;
  QString data_;
};

QTEST_MAIN(TrainedModelsTest)
#include "trained_models_test.moc"
