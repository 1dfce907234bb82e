// Takes issue 36's screenshots: the Sweep dialog's Search tab, the Runs dock's Study tab
// (parallel coordinates and best so far) and the comparison table with a pruned trial, from a
// real study the studio trains: lenet5 on Fashion-MNIST (the built-in example), 12 trials of 300
// steps validated every 50 and pruned by ASHA (first rung 50). The study is kept in WORKDIR, so a
// second call (another language) shows the same trials without training again.
//
//   study_screenshots OUTDIR LANG WORKDIR   (under xvfb-run or QT_QPA_PLATFORM=offscreen)

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QEventLoop>
#include <QFile>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

#include <cstdio>

#include "convstudio/runs/study_progress.h"
#include "convstudio/runs/sweep.h"
#include "graph_document.h"
#include "language.h"
#include "main_window.h"
#include "project_controller.h"
#include "queue_actions.h"
#include "run_queue_runner.h"
#include "study_runner.h"
#include "training/runs_list.h"
#include "training/study_search_form.h"
#include "training/sweep_dialog.h"
#include "training_cockpit.h"

using namespace convstudio;

namespace {

void settle(int ms) {
  QEventLoop loop;
  QTimer::singleShot(ms, &loop, &QEventLoop::quit);
  loop.exec();
}

// The Search tab filled in as a user would for this study.
void fillSearch(SweepDialog& dialog) {
  dialog.showSearch();
  dialog.searchForm()->setSpacesText(QStringLiteral("lr=log:1e-4..0.5\nmomentum=0.5..0.99"));
  dialog.findChild<QComboBox*>(QStringLiteral("studyPruner"))->setCurrentIndex(2);  // ASHA
  dialog.findChild<QSpinBox*>(QStringLiteral("studyTrials"))->setValue(12);
  dialog.findChild<QSpinBox*>(QStringLiteral("studyMinSteps"))->setValue(50);
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("ConvStudioScreenshot"));
  if (argc < 4) {
    std::fprintf(stderr, "usage: study_screenshots OUTDIR LANG WORKDIR\n");
    return 2;
  }
  const QString out = QString::fromLocal8Bit(argv[1]);
  const QString lang = QString::fromLocal8Bit(argv[2]);
  const QString work = QString::fromLocal8Bit(argv[3]);
  installTranslations(app, QLocale(lang));
  QDir().mkpath(work);
  QDir().mkpath(out);
  const QString projectFile = QDir(work).filePath(QStringLiteral("fashion.convstudio"));

  MainWindow window;
  window.resize(1400, 900);
  if (QFile::exists(projectFile)) {
    if (!window.projects()->openFile(projectFile).empty()) return 1;
  } else {
    window.projects()->openExample();
    Project project = window.document()->project();
    project.training.epochs = 1;
    // Long enough that a good learning rate leaves chance behind before ASHA's first rung.
    project.training.max_steps = 300;
    project.training.validation.every_steps = 50;
    window.document()->setSettings(project.dataset, project.training);
    if (!window.projects()->saveTo(projectFile).ok()) return 1;
  }
  window.show();
  QTimer::singleShot(0, &window, &MainWindow::resetLayout);
  settle(500);
  TrainingCockpit& cockpit = *window.training();
  const std::string suffix = lang.startsWith(QStringLiteral("zh")) ? "zh_CN" : "en";
  const auto path = [&](const char* name) {
    return QDir(out).filePath(QString::fromStdString(std::string(name) + "-" + suffix + ".png"));
  };

  SweepDialog dialog(window.document()->project(), new_sweep_id(cockpit.queue()->runner()->queue()),
                     &window);
  fillSearch(dialog);
  dialog.show();
  settle(300);
  dialog.grab().save(path("search-tab"));
  // The live check: each wrong line named with the engine's reason, Start held back.
  dialog.searchForm()->setSpacesText(
      QStringLiteral("lr=log:0..0.5\nmomentum=0.5..0.99\nwidth=16,32"));
  settle(200);
  dialog.grab().save(path("search-tab-problem"));
  fillSearch(dialog);
  StudyRunner* studies = cockpit.queue()->studies();
  const std::filesystem::path local(QFile::encodeName(projectFile).toStdString());
  if (project_studies(local).empty()) {
    if (auto failed = studies->start(*dialog.studyPlan())) return 1;
  }
  dialog.close();
  // Until every trial has ended (the first call trains them; a second finds them done).
  QEventLoop loop;
  QTimer poll;
  QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
    if (studies->study() && studies->study()->complete()) loop.quit();
  });
  poll.start(500);
  loop.exec();
  cockpit.runs()->reload();
  // Floating and large: the dock's place in the default layout is too small to read.
  cockpit.runsDock()->setFloating(true);
  cockpit.runsDock()->resize(1250, 560);
  cockpit.runsDock()->raise();
  cockpit.runs()->showStudy();
  settle(500);
  cockpit.runsDock()->grab().save(path("study-view"));
  auto* tabs = cockpit.runs()->findChild<QTabWidget*>(QStringLiteral("runsTabs"));
  tabs->setCurrentIndex(0);
  cockpit.runs()->table()->sortByColumn(1, Qt::AscendingOrder);
  settle(300);
  cockpit.runsDock()->grab().save(path("pruned-trial"));
  window.grab().save(path("studio"));
  return 0;
}
