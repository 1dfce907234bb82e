#pragma once
// The training cockpit on a main window of its own, as the studio's window hosts it, over a
// project the test holds: the cockpit reads `*project` and writes settings edits back into it,
// and keeps runs beside `*projectFile`. Both must outlive the window.

#include <QMainWindow>
#include <QString>

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

}  // namespace convstudio::testing
