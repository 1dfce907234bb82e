// Takes the README's cockpit screenshot: the real main window with the training cockpit wired
// in as the lead wires it (MainWindow::addPanel, the document's settings), a small project
// training mid-run with the charts filled.
//
//   cockpit_screenshot OUT.png   (under xvfb-run or QT_QPA_PLATFORM=offscreen)

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

#include "builder_canvas.h"
#include "builder_view.h"
#include "convstudio/model/project_file.h"
#include "graph_document.h"
#include "main_window.h"
#include "project_controller.h"
#include "training/training_charts.h"
#include "training_cockpit.h"
#include "training_controller.h"
#include "training_test_data.h"

using namespace convstudio;

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("ConvStudioScreenshot"));
  if (argc < 2) {
    std::fprintf(stderr, "usage: cockpit_screenshot OUT.png\n");
    return 2;
  }
  // The built-in example (lenet5 on Fashion-MNIST), as `make run` opens it.
  MainWindow window;
  window.resize(1680, 1050);
  window.projects()->openExample();
  TrainingCockpit& cockpit = *window.training();
  Project project = window.document()->project();
  project.training.epochs = 3;  // still training when the picture is taken
  project.training.optimizer.kind = OptimizerKind::Adam;
  project.training.optimizer.lr = 0.002;
  window.document()->setSettings(project.dataset, project.training);
  cockpit.reloadProject();
  window.show();
  window.canvas()->view()->fitToView();
  // The default layout whatever this machine remembers, sized once the window is laid out.
  QTimer::singleShot(0, &window, &MainWindow::resetLayout);

  // Shoot after the first validation, while the second epoch is under way.
  QEventLoop loop;
  QObject::connect(cockpit.controller(), &TrainingController::stepped, &loop,
                   [&](const StepMetrics& step) {
                     if (step.step == 1500) QTimer::singleShot(300, &loop, &QEventLoop::quit);
                   });
  QObject::connect(cockpit.controller(), &TrainingController::finished, &loop, &QEventLoop::quit);
  cockpit.startTraining();
  loop.exec();
  cockpit.charts()->refresh();
  const bool saved = window.grab().save(QString::fromLocal8Bit(argv[1]));
  cockpit.controller()->stopAndWait();
  return saved ? 0 : 1;
}
