#include <QAction>
#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include "about_dialog.h"
#include "app_settings.h"
#include "export_dialog.h"
#include "graph_document.h"
#include "language.h"
#include "main_window.h"
#include "project_controller.h"

using convstudio::MainWindow;

namespace {

QStringList menuTitles(const MainWindow& window) {
  QStringList titles;
  for (QAction* action : window.menuBar()->actions()) titles << action->text();
  return titles;
}

}  // namespace

class MainWindowTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConvStudioTest"));
    QApplication::setApplicationName(QStringLiteral("MainWindowTest"));
    convstudio::settings::kMainWindowGeometry.clear();
    convstudio::settings::kMainWindowState.clear();
  }

  void hasFileEditViewAndHelpMenus() {
    MainWindow window;
    QCOMPARE(menuTitles(window), (QStringList{"&File", "&Edit", "&View", "&Training", "&Help"}));
    auto* help = window.findChild<QMenu*>(QStringLiteral("helpMenu"));
    QVERIFY(help);
    QStringList helpActions;
    for (QAction* a : help->actions()) helpActions << a->text();
    QVERIFY(helpActions.contains(QStringLiteral("&About ConvStudio")));
  }

  void statusBarNamesTheDevice() {
    MainWindow window;
    auto* label = window.findChild<QLabel*>(QStringLiteral("deviceStatus"));
    QVERIFY(label);
    QVERIFY2(label->text().startsWith(QStringLiteral("Device: ")), qPrintable(label->text()));
  }

  void fitsAScreen1280PixelsWide() {
    // Every dock of the builder and the cockpit open, as after the first start.
    MainWindow window;
    window.projects()->openExample();
    QVERIFY2(window.minimumSizeHint().width() <= 1280,
             qPrintable(QString::number(window.minimumSizeHint().width())));
    QVERIFY2(window.minimumSizeHint().height() <= 720,
             qPrintable(QString::number(window.minimumSizeHint().height())));
  }

  void remembersWindowGeometryBetweenSessions() {
    {
      MainWindow first;
      first.show();
      first.resize(1513, 947);  // above the minimum the builder and training docks need
      QVERIFY(QTest::qWaitForWindowExposed(&first));
      first.close();
    }
    MainWindow second;
    QCOMPARE(second.size(), QSize(1513, 947));
  }

  void aboutDialogListsLibTorchAndDevices() {
    MainWindow window;
    convstudio::AboutDialog dialog(convstudio::build_info(), convstudio::probe_devices(), &window);
    auto* facts = dialog.findChild<QTreeWidget*>(QStringLiteral("systemFacts"));
    QVERIFY(facts);
    const auto libtorch =
        facts->findItems(QStringLiteral("LibTorch"), Qt::MatchExactly | Qt::MatchRecursive, 0);
    QCOMPARE(libtorch.size(), 1);
    QVERIFY(libtorch.front()->text(1).startsWith(QStringLiteral("2.")));
    const auto cpu =
        facts->findItems(QStringLiteral("CPU"), Qt::MatchExactly | Qt::MatchRecursive, 0);
    QCOMPARE(cpu.size(), 1);
  }

  void exportOffersTheNewestRunsBestModel() {
    MainWindow window;
    auto* exportAction = window.findChild<QAction*>(QStringLiteral("exportModelAction"));
    QVERIFY(exportAction);
    QVERIFY(!exportAction->isEnabled());  // no project open
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("net.convstudio"));
    window.projects()->openExample();
    QVERIFY(window.projects()->saveTo(project));
    QVERIFY(exportAction->isEnabled());
    // Two earlier runs: the newer one kept a best checkpoint beside its last one.
    const QDir runs(project + QStringLiteral(".runs"));
    QVERIFY(runs.mkpath(QStringLiteral("20261120-090000/last.ckpt")));
    QVERIFY(runs.mkpath(QStringLiteral("20261121-090000/last.ckpt")));
    QVERIFY(runs.mkpath(QStringLiteral("20261121-090000/best.ckpt")));
    convstudio::ExportDialog* dialog = window.exportModel();
    QVERIFY(dialog);
    auto* checkpoint = dialog->findChild<QLineEdit*>(QStringLiteral("exportCheckpoint"));
    QCOMPARE(QDir::fromNativeSeparators(checkpoint->text()),
             runs.filePath(QStringLiteral("20261121-090000/best.ckpt")));
    QCOMPARE(dialog->outputPath(), dir.filePath(QStringLiteral("net.pt")));
    dialog->close();
  }

  void trainingSettingsEditsAreUndoable() {
    MainWindow window;
    window.projects()->openExample();
    QUndoStack* undo = window.document()->undoStack();
    QVERIFY(undo->isClean());
    auto* batch = window.findChild<QSpinBox*>(QStringLiteral("batchSize"));
    QVERIFY(batch);
    const int original = batch->value();
    const convstudio::TrainingSettings trainingBefore = window.document()->project().training;
    const convstudio::DatasetSettings datasetBefore = window.document()->project().dataset;
    QCOMPARE(window.document()->project().training.batch_size, original);
    // A spin-box drag through several values is one step to undo.
    batch->setValue(original + 8);
    batch->setValue(original + 16);
    // Only the batch size changed: every other setting is the project's, not a widget default.
    convstudio::TrainingSettings expected = trainingBefore;
    expected.batch_size = original + 16;
    QVERIFY(window.document()->project().training == expected);
    QVERIFY(window.document()->project().dataset == datasetBefore);
    QCOMPARE(undo->count(), 1);
    QCOMPARE(undo->text(0), QStringLiteral("Change training.batch_size"));
    QVERIFY(!undo->isClean());  // the project is modified and asks to be saved
    undo->undo();
    QCOMPARE(window.document()->project().training.batch_size, original);
    QCOMPARE(batch->value(), original);  // the panel mirrors the document
    QVERIFY(undo->isClean());
    QVERIFY(undo->canRedo());  // reloading the panel did not push a new edit
    undo->redo();
    QCOMPARE(batch->value(), original + 16);
  }

  // Last: it installs a translator for the rest of the process.
  void chineseLocaleTranslatesTheMenus() {
    QVERIFY(convstudio::installTranslations(*qApp, QLocale(QStringLiteral("zh_CN"))));
    MainWindow window;
    QCOMPARE(menuTitles(window),
             (QStringList{QStringLiteral("文件(&F)"), QStringLiteral("编辑(&E)"),
                          QStringLiteral("视图(&V)"), QStringLiteral("训练(&T)"),
                          QStringLiteral("帮助(&H)")}));
  }
};

QTEST_MAIN(MainWindowTest)
#include "main_window_test.moc"
