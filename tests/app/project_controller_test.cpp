// Projects in the main window: the example, the title's dirty marker, save and open, recovery,
// and the runs that belong to a project (each unsaved project has its own; saving takes them
// along).

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "app_settings.h"
#include "block_item.h"
#include "builder_canvas.h"
#include "builder_scene.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/template_library.h"
#include "failure_text.h"
#include "graph_document.h"
#include "main_window.h"
#include "project_controller.h"
#include "template_gallery_dialog.h"
#include "training/runs_list.h"
#include "training/training_settings_panel.h"
#include "training_cockpit.h"
#include "training_controller.h"
#include "training_test_data.h"

using namespace convstudio;

class ProjectControllerTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConvStudioTest"));
    QApplication::setApplicationName(QStringLiteral("ProjectControllerTest"));
    settings::kRecentFiles.clear();
  }

  void init() { QFile::remove(ProjectController::recoveryFilePath()); }

  // Issue 32: the data folder doubled its name (…/ConvStudio/ConvStudio, the organisation and
  // the application); it names the application once, unless an older studio's doubled folder
  // holds the user's data, which stays where the recovery settings point.
  void dataFolderNamesTheApplicationOnce() {
    QTemporaryDir home;
    const QByteArray realHome = qgetenv("HOME");
    qputenv("HOME", QFile::encodeName(home.path()));  // test mode's share folder is under HOME
    const QString share = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    const QString fresh = ProjectController::dataFolder();
    QVERIFY(QDir(share).mkpath(QStringLiteral("ProjectControllerTest/ProjectControllerTest")));
    const QString doubled = ProjectController::dataFolder();
    qputenv("HOME", realHome);
    QCOMPARE(fresh, share + QStringLiteral("/ProjectControllerTest"));
    QCOMPARE(doubled, share + QStringLiteral("/ProjectControllerTest/ProjectControllerTest"));
    QCOMPARE(QFileInfo(ProjectController::recoveryFilePath()).absolutePath(),
             ProjectController::dataFolder());
  }

  // Issue 32: after a restart the reopened project's preview said "No preview yet.": its
  // settings were the panel's own (the defaults), so nothing asked for the images.
  void aProjectWithTheDefaultSettingsShowsItsPreview() {
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("defaults.convstudio"));
    Project project;
    project.graph =
        *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
    QVERIFY(!ProjectFile::save(project, QFile::encodeName(path).toStdString()));
    MainWindow window;
    QSignalSpy requested(window.training()->settingsPanel(),
                         &TrainingSettingsPanel::previewRequested);
    QVERIFY(window.projects()->openFile(path).empty());
    QCOMPARE(window.document()->project().dataset, DatasetSettings{});
    QTRY_VERIFY(requested.count() > 0);
  }

  void exampleOpensLenet5OnFashionMnistUnmodified() {
    MainWindow window;
    QCOMPARE(window.windowTitle(), QStringLiteral("ConvStudio"));
    window.projects()->openExample();
    const Project& project = window.document()->project();
    QCOMPARE(project.graph,
             *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph);
    QCOMPARE(project.dataset.source, DatasetKind::FashionMnist);
    QVERIFY(!window.isWindowModified());
    QCOMPARE(window.windowTitle(), QStringLiteral("Fashion-MNIST example[*] — ConvStudio"));
    QVERIFY(window.centralWidget()->findChild<BuilderCanvas*>() != nullptr);
    // The canvas mirrors the document: one item per block.
    for (const Block& block : project.graph.blocks()) {
      QVERIFY(window.canvas()->scene()->blockItem(QString::fromStdString(block.id)));
    }

    window.document()->setParam(QStringLiteral("conv1"), QStringLiteral("kernel"), std::int64_t{3});
    QVERIFY(window.isWindowModified());
    window.document()->undoStack()->undo();
    QVERIFY(!window.isWindowModified());
  }

  // An imported model's project saved under a new name keeps its starting weights: the copy
  // beside the new file is what training and export will use.
  void saveAsBringsTheStartingWeights() {
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("elsewhere")));
    Project project;
    project.graph =
        *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
    project.weights = "imported.weights.safetensors";
    const QString original = dir.filePath(QStringLiteral("imported.convstudio"));
    QVERIFY(!ProjectFile::save(project, QFile::encodeName(original).toStdString()));
    QFile weights(dir.filePath(QStringLiteral("imported.weights.safetensors")));
    QVERIFY(weights.open(QIODevice::WriteOnly));
    weights.write("pretend safetensors");
    weights.close();

    MainWindow window;
    const std::vector<Error> errors = window.projects()->openFile(original);
    QVERIFY2(errors.empty(), failureText(errors).constData());
    const QString copy = dir.filePath(QStringLiteral("elsewhere/tuned.convstudio"));
    const Result<QString> savedCopy = window.projects()->saveTo(copy);
    QVERIFY2(savedCopy, failureText(savedCopy).constData());
    QCOMPARE(window.document()->project().weights, std::string("tuned.weights.safetensors"));
    QFile copied(dir.filePath(QStringLiteral("elsewhere/tuned.weights.safetensors")));
    QVERIFY(copied.open(QIODevice::ReadOnly));
    QCOMPARE(copied.readAll(), QByteArray("pretend safetensors"));
    QVERIFY(!window.isWindowModified());
  }

  void saveAndOpenRoundTrip() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("net.convstudio"));
    Project saved;
    {
      MainWindow window;
      QVERIFY(window.projects()->newFromTemplate(QStringLiteral("resnet-small")));
      window.document()->moveBlocks({{QStringLiteral("s2_proj"), QPointF(400, 1260)}});
      window.document()->setParam(QStringLiteral("stem_conv"), QStringLiteral("out_channels"),
                                  std::int64_t{32});
      QVERIFY(window.isWindowModified());
      const Result<QString> written = window.projects()->saveTo(path);
      QVERIFY2(written, failureText(written).constData());
      QVERIFY(!window.isWindowModified());
      QCOMPARE(window.windowTitle(), QStringLiteral("net[*] — ConvStudio"));
      saved = window.document()->project();
    }
    MainWindow window;
    const std::vector<Error> errors = window.projects()->openFile(path);
    QVERIFY2(errors.empty(), failureText(errors).constData());
    QCOMPARE(window.document()->project(), saved);
    QCOMPARE(window.document()->undoStack()->count(), 0);
    QVERIFY(!window.isWindowModified());
    QCOMPARE(window.projects()->recentFiles().front(), QFileInfo(path).absoluteFilePath());
  }

  void recoveryFileRestoresUnsavedWork() {
    Project edited;
    {
      MainWindow window;
      window.projects()->openExample();
      window.document()->setParam(QStringLiteral("fc1"), QStringLiteral("out_features"),
                                  std::int64_t{100});
      QVERIFY(window.projects()->writeRecovery());
      edited = window.document()->project();
      // A crash: the window goes away without closeEvent, the recovery file stays.
    }
    MainWindow window;
    QVERIFY(window.projects()->hasRecovery());
    const std::vector<Error> errors = window.projects()->restoreRecovery();
    QVERIFY2(errors.empty(), failureText(errors).constData());
    QCOMPARE(window.document()->project(), edited);
    QVERIFY(window.isWindowModified());
    QCOMPARE(window.windowTitle(), QStringLiteral("Fashion-MNIST example[*] — ConvStudio"));

    // Saving cleanly deletes it.
    QTemporaryDir dir;
    QVERIFY(window.projects()->saveTo(dir.filePath(QStringLiteral("saved.convstudio"))));
    QVERIFY(!window.projects()->hasRecovery());
  }

  void everyUnsavedProjectKeepsItsOwnRuns() {
    MainWindow window;
    window.projects()->openExample();
    const QString first = window.projects()->runsOwnerFile();
    QVERIFY(!first.isEmpty());
    QVERIFY(QDir().mkpath(first + QStringLiteral(".runs/20260101-120000")));
    window.projects()->newBlank();
    const QString second = window.projects()->runsOwnerFile();
    QVERIFY(second != first);
    QCOMPARE(window.training()->runs()->runCount(), 0);
    QVERIFY(QDir(first + QStringLiteral(".runs")).removeRecursively());
  }

  void runsMadeBeforeTheFirstSaveComeAlong() {
    QTemporaryDir dir;
    const QString data = dir.filePath(QStringLiteral("tiny-idx"));
    testing::writeTinyIdxDataset(data);
    const QString path = dir.filePath(QStringLiteral("tiny.convstudio"));
    {
      MainWindow window;
      window.projects()->newBlank();
      window.document()->resetProject(testing::tinyProject(data));
      const QString unsaved = window.projects()->runsOwnerFile();
      QSignalSpy finished(window.training()->controller(), &TrainingController::finished);
      QVERIFY(window.training()->startTraining());
      QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
      QCOMPARE(window.training()->runs()->runCount(), 1);
      const QString runName = QFileInfo(finished.front().at(1).toString()).fileName();

      QVERIFY(window.projects()->saveTo(path));
      // Moved next to the file, checkpoints and all; the unsaved place is gone.
      QVERIFY(QFileInfo::exists(path + QStringLiteral(".runs/") + runName +
                                QStringLiteral("/run.json")));
      QVERIFY(QFileInfo(path + QStringLiteral(".runs/") + runName + QStringLiteral("/last.ckpt"))
                  .isDir());
      QVERIFY(!QFileInfo::exists(unsaved + QStringLiteral(".runs")));
      QCOMPARE(window.training()->runs()->runCount(), 1);

      // Save As of a saved project: the old file keeps its runs, the new one has a copy.
      const QString copy = dir.filePath(QStringLiteral("copy.convstudio"));
      QVERIFY(window.projects()->saveTo(copy));
      QVERIFY(QFileInfo::exists(path + QStringLiteral(".runs/") + runName));
      QVERIFY(QFileInfo::exists(copy + QStringLiteral(".runs/") + runName));
      QCOMPARE(window.training()->runs()->runCount(), 1);
    }
    // And after a restart, opening the file lists the run.
    MainWindow window;
    QVERIFY(window.projects()->openFile(path).empty());
    QCOMPARE(window.training()->runs()->runCount(), 1);
  }

  void openingABrokenFileSaysWhere() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.convstudio"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": \"convstudio-project\", \"version\": 1, \"graph\": 3}");
    file.close();
    MainWindow window;
    const std::vector<Error> errors = window.projects()->openFile(path);
    QCOMPARE(errors.size(), std::size_t{1});
    // The engine's Error, place and all: the file and the JSON field.
    QCOMPARE(errors.front().file, QFile::encodeName(path).toStdString());
    QCOMPARE(errors.front().field, std::string("graph"));
    QVERIFY(!window.projects()->isOpen());
  }

  // File > New offers the task (issue 38); a blank segmentation project's Output is a
  // pass-through one, which fits the task; a classification template chosen for
  // segmentation is marked at its Output block.
  void theNewProjectDialogOffersTheTask() {
    TemplateGalleryDialog gallery(TensorShape::image(1, 28, 28), 10);
    QCOMPARE(gallery.taskChoice()->count(), 2);
    QVERIFY(gallery.selectedTask() == ProjectTask::Classification);
    gallery.taskChoice()->setCurrentIndex(1);
    QVERIFY(gallery.selectedTask() == ProjectTask::Segmentation);

    MainWindow window;
    window.projects()->newBlank(ProjectTask::Segmentation);
    QVERIFY(window.document()->project().task == ProjectTask::Segmentation);
    // Blank as a classification project is (its Input and Output wait for the user's blocks),
    // but its pass-through Output raises no task error.
    for (const Error& error : window.document()->analysis().errors) {
      QVERIFY2(error.message.find("segmentation needs") == std::string::npos,
               error.describe().c_str());
    }
    QVERIFY(
        window.projects()->newFromTemplate(QStringLiteral("lenet5"), ProjectTask::Segmentation));
    const ModelAnalysis& analysis = window.document()->analysis();
    QCOMPARE(analysis.errors.size(), std::size_t{1});
    QCOMPARE(analysis.errors.front().block_type, std::string("Output"));
    QVERIFY(analysis.errors.front().message.find("segmentation needs") != std::string::npos);
  }
};

QTEST_MAIN(ProjectControllerTest)
#include "project_controller_test.moc"
