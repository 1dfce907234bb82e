// File > Open Run… (issue 39): a run folder that another process writes is shown in the cockpit
// like a run trained here and followed while it grows: lines appended to metrics.jsonl become
// chart points (a half-written line only once it is whole), an epoch's confusion matrix shows,
// the badge names the run and its end, the run's project opens, its checkpoints are offered to
// inference, and a folder that is no run is refused with its place. Looks are driven by
// RunFollowWatcher::poll or waited for on its signals, never slept for.

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>

#include "convstudio/model/project_file.h"
#include "convstudio/runs/metric_files.h"
#include "convstudio/runs/metric_list.h"
#include "graph_document.h"
#include "main_window.h"
#include "project_controller.h"
#include "run_follow_watcher.h"
#include "run_following.h"
#include "training/confusion_panel.h"
#include "training/follow_badge.h"
#include "training/live_chart.h"
#include "training/training_charts.h"
#include "training_cockpit.h"
#include "training_test_data.h"

using namespace convstudio;

namespace {

namespace fs = std::filesystem;

fs::path fsPath(const QString& path) {
  return QFile::encodeName(path).toStdString();
}

std::string stepLine(std::int64_t step) {
  StepMetrics metrics;
  metrics.step = step;
  metrics.loss = 1.0 / static_cast<double>(step);
  return step_jsonl_line(metrics);
}

void append(const QString& file, const std::string& text) {
  std::ofstream(fsPath(file), std::ios::app | std::ios::binary) << text;
}

// run.json as RunRecorder writes it, with the project the run trains.
void writeRunFile(const QString& folder, const Project& project, const std::string& state) {
  QDir().mkpath(folder);
  const std::string text = R"({"format": "convstudio-run", "state": ")" + state +
                           R"(", "started": "2026-11-26T17:00:00", "project": )" +
                           ProjectFile::serialize(project) + "}";
  std::ofstream(fsPath(folder + QStringLiteral("/run.json")), std::ios::trunc) << text;
}

// Makes a rewrite visible to a look that compares times, however coarse the file system's.
void touchLater(const QString& file) {
  const fs::path path = fsPath(file);
  fs::last_write_time(path, fs::last_write_time(path) + std::chrono::seconds(2));
}

QString comboPaths(const QComboBox* combo) {
  QStringList paths;
  for (int i = 0; i < combo->count(); ++i) paths << combo->itemData(i).toString();
  return paths.join(QLatin1Char('\n'));
}

}  // namespace

class RunFollowingTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConvStudioTest"));
    QApplication::setApplicationName(QStringLiteral("RunFollowingTest"));
    QVERIFY(dir_.isValid());
    data_ = dir_.filePath(QStringLiteral("tiny-idx"));
    testing::writeTinyIdxDataset(data_);
  }

  void appendedLinesBecomeChartPointsAndTheEndShowsOnTheBadge() {
    // A saved project whose run a CLI process is writing.
    const QString projectFile = dir_.filePath(QStringLiteral("cli.convstudio"));
    const Project project = testing::tinyProject(data_);
    QVERIFY(!ProjectFile::save(project, fsPath(projectFile)));
    const QString run = projectFile + QStringLiteral(".runs/20261126-170000");
    const QString metrics = run + QStringLiteral("/metrics.jsonl");
    writeRunFile(run, project, "running");
    append(metrics, stepLine(1) + stepLine(2));

    MainWindow window;
    RunFollowing* following = window.following();
    const std::optional<Error> error = following->follow(run);
    QVERIFY2(!error, error ? error->describe().c_str() : "");
    // Its project opened, as File > Open would.
    QCOMPARE(QFileInfo(window.projects()->filePath()).canonicalFilePath(),
             QFileInfo(projectFile).canonicalFilePath());
    TrainingCharts* charts = window.training()->charts();
    QCOMPARE(charts->stepCount(), 2u);
    QVERIFY(!following->badge()->isHidden());
    QVERIFY2(following->badge()->text().contains(QStringLiteral("20261126-170000")),
             qPrintable(following->badge()->text()));

    // Appended, the last line half written: only whole lines are drawn.
    const std::string fourth = stepLine(4);
    append(metrics, stepLine(3) + fourth.substr(0, 7));
    following->watcher()->poll();
    QCOMPARE(charts->stepCount(), 3u);
    append(metrics, fourth.substr(7));
    following->watcher()->poll();
    QCOMPARE(charts->stepCount(), 4u);

    // An epoch: a validation point at its step and its confusion matrix.
    EpochMetrics epoch;
    epoch.epoch = 1;
    epoch.val_accuracy = 0.75;
    epoch.confusion = {{3, 1}, {1, 3}};
    epoch.class_names = {"a", "b"};
    append(metrics, epoch_jsonl_line(epoch));
    following->watcher()->poll();
    constexpr std::size_t valAccuracy = metric_index("val_accuracy");
    LiveChart* accuracy = charts->chartOf(valAccuracy);
    QVERIFY(accuracy != nullptr);
    QCOMPARE(accuracy->series(charts->curveOf(valAccuracy)).size(), 1u);
    QCOMPARE(window.training()->confusion()->classCount(), 2);
    QCOMPARE(window.training()->confusion()->cell(0, 1), std::int64_t{1});

    // Without a poll from here: the file watch (or the one-second look) brings the next line.
    QSignalSpy looked(following->watcher(), &RunFollowWatcher::looked);
    append(metrics, stepLine(5));
    QVERIFY(looked.wait(5000));
    QCOMPARE(charts->stepCount(), 5u);

    // The run ends: the badge says so.
    writeRunFile(run, project, "finished");
    touchLater(run + QStringLiteral("/run.json"));
    following->watcher()->poll();
    QVERIFY2(following->badge()->text().contains(QStringLiteral("finished")),
             qPrintable(following->badge()->text()));
    following->stop();
    QVERIFY(following->badge()->isHidden());
    QCOMPARE(charts->stepCount(), 5u);  // what was shown stays
  }

  void aRunKeptAwayFromItsProjectOpensItsCopyAndOffersItsCheckpoints() {
    // train --out: a run folder with no project file beside it.
    const QString run = dir_.filePath(QStringLiteral("elsewhere/my-run"));
    const Project project = testing::tinyProject(data_);
    const QString checkpoint = testing::trainCheckpoint(project, run, 4);
    QVERIFY(!checkpoint.isEmpty());
    writeRunFile(run, project, "running");
    append(run + QStringLiteral("/metrics.jsonl"), stepLine(1));

    MainWindow window;
    const std::optional<Error> error = window.following()->follow(run);
    QVERIFY2(!error, error ? error->describe().c_str() : "");
    QVERIFY(window.projects()->isOpen());
    QVERIFY(window.projects()->filePath().isEmpty());  // the run's copy, unsaved
    QCOMPARE(window.document()->graph().blocks().size(), project.graph.blocks().size());
    auto* choice = window.findChild<QComboBox*>(QStringLiteral("inferenceModelChoice"));
    QVERIFY(choice != nullptr);
    QVERIFY2(comboPaths(choice).contains(checkpoint), qPrintable(comboPaths(choice)));
  }

  void aFolderThatIsNoRunIsRefusedWithItsPlace() {
    MainWindow window;
    const QString folder = dir_.filePath(QStringLiteral("not-a-run"));
    QDir().mkpath(folder);
    const std::optional<Error> refused = window.following()->follow(folder);
    QVERIFY(refused.has_value());
    const QString error = QString::fromStdString(refused->describe());
    QVERIFY2(error.contains(QStringLiteral("run.json")), qPrintable(error));
    QVERIFY2(error.contains(QDir::toNativeSeparators(folder)), qPrintable(error));
    QVERIFY(window.following()->folder().isEmpty());
    QVERIFY(!window.projects()->isOpen());
  }

  void openRunSitsInTheFileMenu() {
    MainWindow window;
    auto* action = window.findChild<QAction*>(QStringLiteral("openRunAction"));
    QVERIFY(action != nullptr);
    QVERIFY(action->isEnabled());  // no project needed: the run brings its own
  }

 private:
  QTemporaryDir dir_;
  QString data_;
};

QTEST_MAIN(RunFollowingTest)
#include "run_following_test.moc"
