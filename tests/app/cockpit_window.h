#pragma once
// The training cockpit on a main window of its own, as the studio's window hosts it, over a
// project the test holds: the cockpit reads `*project` and writes settings edits back into it,
// and keeps runs beside `*projectFile`. Both must outlive the window.

#include <QMainWindow>
#include <QString>
#include <QTemporaryDir>

#include <memory>

#include "convstudio/model/project.h"
#include "convstudio/system_info.h"

namespace convstudio {
class TrainingCockpit;
}

namespace convstudio::testing {

struct CockpitWindow {
  std::unique_ptr<QMainWindow> window;  // deleting it stops a run and ends its processes
  TrainingCockpit* cockpit = nullptr;
};

// Shown at 1400×900; wait for it with QTest::qWaitForWindowExposed.
CockpitWindow openCockpitWindow(Project* project, const QString* projectFile,
                                const DeviceReport& devices);

// What a cockpit test keeps between its functions: a scratch folder with the tiny IDX data set
// (training_test_data.h), the project and its file, and the window over them.
struct CockpitFixture {
  QTemporaryDir dir;
  QString dataFolder;
  QString projectFile;
  Project project;
  CockpitWindow opened;

  // Test mode for the standard paths, and the data set written; false when the folder failed.
  bool writeData();
  // A cockpit window on a CPU-only machine over `project` and `projectFile`, shown.
  bool openWindow();
  // The same on the machine `devices` describes.
  bool openWindow(const DeviceReport& devices);
  void closeWindow() { opened = {}; }
  TrainingCockpit* cockpit() const { return opened.cockpit; }
};

}  // namespace convstudio::testing
