#pragma once
// The studio's default dock layout, in one place: which side each dock takes, which docks share
// a tab group, which tab is in front and every size (shares of the window's present size).
// MainWindow applies it when no layout is remembered and from View > Reset Layout.

class QDockWidget;
class QMainWindow;

namespace convstudio {

// Every dock the layout places, by what it shows.
struct StudioDocks {
  // The builder's.
  QDockWidget* palette = nullptr;
  QDockWidget* properties = nullptr;
  QDockWidget* problems = nullptr;
  QDockWidget* inference = nullptr;
  QDockWidget* profile = nullptr;  // the profiler's table (none in tests that leave it out)
  // The training cockpit's.
  QDockWidget* trainingSettings = nullptr;
  QDockWidget* queue = nullptr;
  QDockWidget* runs = nullptr;
  QDockWidget* charts = nullptr;
  QDockWidget* progress = nullptr;
  QDockWidget* log = nullptr;
  QDockWidget* confusion = nullptr;
  QDockWidget* gallery = nullptr;
};

// The palette on the left; on the right one tab group (properties in front, training settings,
// run queue, inference), each with the column's full height; at the bottom the charts, widest,
// with the confusion matrix, the misclassified images and the profiler's table as tabs, beside
// run progress with the log, the runs' comparison table and the problems (in front: a project
// opens on the builder's tabs). Every dock must already be docked in its side
// (QMainWindow::addDockWidget).
void arrangeDefaultDocks(QMainWindow& window, const StudioDocks& docks);

// The default layout's sizes alone, for the window's present size: they hold once the window is
// laid out at its size, so arrangeDefaultDocks' sizes are given again then.
void sizeDefaultDocks(QMainWindow& window, const StudioDocks& docks);

// Hides the window's dock tab bars that hold no tab. Qt 6.4's QMainWindow can leave one shown
// after the dock layout is rebuilt before the window is first laid out (a project opened from the
// command line): empty and transparent, it lay over the right column's Training and Queue tabs and
// took their clicks (issue 32).
void hideEmptyDockTabBars(QMainWindow& window);

}  // namespace convstudio
