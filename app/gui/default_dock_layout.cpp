#include "default_dock_layout.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QTabBar>

#include <algorithm>

namespace convstudio {
namespace {

constexpr int kPaletteWidth = 160;
// The right column: the properties' and the training settings' forms need this much.
constexpr int kRightColumnWidth = 360;
// The bottom row's split: the charts (loss, accuracy and memory side by side) take 3/5.
constexpr int kChartsShare = 600;
constexpr int kProgressShare = 400;
// The charts' height: a third of the window, at least this much. On a big screen they get room
// to read; on a laptop the canvas keeps its share.
constexpr int kChartsMinimumHeight = 240;

}  // namespace

void arrangeDefaultDocks(QMainWindow& window, const StudioDocks& docks) {
  // Split first, then tabify: tabifying first would pull the split dock into the tabs.
  window.splitDockWidget(docks.charts, docks.progress, Qt::Horizontal);
  for (QDockWidget* tab : {docks.trainingSettings, docks.queue, docks.inference}) {
    window.tabifyDockWidget(docks.properties, tab);
  }
  // The profiler's table is wide: it shares the charts' (wider) column.
  for (QDockWidget* tab : {docks.confusion, docks.gallery, docks.profile}) {
    if (tab != nullptr) window.tabifyDockWidget(docks.charts, tab);
  }
  for (QDockWidget* tab : {docks.log, docks.runs, docks.problems}) {
    if (tab != nullptr) window.tabifyDockWidget(docks.progress, tab);
  }
  for (QDockWidget* front : {docks.properties, docks.charts, docks.problems}) front->raise();
  sizeDefaultDocks(window, docks);
}

void sizeDefaultDocks(QMainWindow& window, const StudioDocks& docks) {
  window.resizeDocks({docks.palette}, {kPaletteWidth}, Qt::Horizontal);
  window.resizeDocks({docks.properties}, {kRightColumnWidth}, Qt::Horizontal);
  window.resizeDocks({docks.charts, docks.progress}, {kChartsShare, kProgressShare},
                     Qt::Horizontal);
  window.resizeDocks({docks.charts}, {std::max(kChartsMinimumHeight, window.height() / 3)},
                     Qt::Vertical);
}

void hideEmptyDockTabBars(QMainWindow& window) {
  // The dock tab bars are the window's own children; a QTabWidget's bar sits deeper.
  for (QTabBar* bar : window.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
    if (bar->count() == 0 && bar->isVisible()) bar->hide();
  }
}

}  // namespace convstudio
