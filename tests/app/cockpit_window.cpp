#include "cockpit_window.h"

#include <QMenuBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>

#include "training_cockpit.h"
#include "training_test_data.h"

namespace convstudio::testing {

CockpitWindow openCockpitWindow(Project* project, const QString* projectFile,
                                const DeviceReport& devices) {
  CockpitWindow opened;
  opened.window = std::make_unique<QMainWindow>();
  QMainWindow* window = opened.window.get();
  window->setCentralWidget(new QWidget);
  QMenu* view = window->menuBar()->addMenu(QStringLiteral("View"));
  window->statusBar();
  TrainingCockpitHost host;
  host.window = window;
  host.viewMenu = view;
  host.project = [project] { return *project; };
  host.setSettings = [project](const DatasetSettings& d, const TrainingSettings& t) {
    project->dataset = d;
    project->training = t;
  };
  host.runsOwner = [projectFile] { return *projectFile; };
  opened.cockpit = new TrainingCockpit(host, devices, window);
  window->resize(1400, 900);
  window->show();
  return opened;
}

bool CockpitFixture::writeData() {
  QStandardPaths::setTestModeEnabled(true);
  if (!dir.isValid()) return false;
  dataFolder = dir.filePath(QStringLiteral("tiny-idx"));
  writeTinyIdxDataset(dataFolder);
  return true;
}

bool CockpitFixture::openWindow() {
  DeviceReport cpuOnly;
  cpuOnly.cuda_unavailable = CudaUnavailable::kNoDriver;
  return openWindow(cpuOnly);
}

bool CockpitFixture::openWindow(const DeviceReport& devices) {
  opened = openCockpitWindow(&project, &projectFile, devices);
  return QTest::qWaitForWindowExposed(opened.window.get());
}

}  // namespace convstudio::testing
