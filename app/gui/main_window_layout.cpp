// The main window's dock layout (default_dock_layout.h) and its fit to the screen: docks added,
// the builder's layout leaving and coming back with the start page, reset, and the events after
// which the layout is settled.
#include "main_window.h"

#include <QDockWidget>
#include <QEvent>
#include <QTimer>

#include "default_dock_layout.h"
#include "training_cockpit.h"
#include "window_fit.h"

namespace convstudio {

QDockWidget* MainWindow::addPanel(QWidget* panel, const QString& title, const QString& objectName,
                                  Qt::DockWidgetArea area, bool projectOnly) {
  auto* dock = new QDockWidget(title, this);
  dock->setObjectName(objectName);
  // A dock scrolls its content rather than raise the window's minimum size above the screen.
  dock->setWidget(scrollable(panel));
  addDockWidget(area, dock);
  menus_.view->addAction(dock->toggleViewAction());
  if (projectOnly) layout_.projectDocks << dock;
  return dock;
}

StudioDocks MainWindow::studioDocks() const {
  StudioDocks docks = training_->studioDocks();
  docks.palette = docks_.palette;
  docks.properties = docks_.properties;
  docks.problems = docks_.problems;
  docks.inference = docks_.inference;
  docks.profile = docks_.profile;
  return docks;
}

void MainWindow::arrangeDefaultLayout() {
  // From every dock in its side, so the default comes out the same from any layout.
  restoreState(layout_.docked);
  arrangeDefaultDocks(*this, studioDocks());
}

void MainWindow::showBuilderDocks(bool show) {
  if (show == layout_.builderDocksShown) return;
  layout_.builderDocksShown = show;
  if (!show) {
    // Hidden one by one and shown again, docks lose their sizes to their neighbours (the charts
    // shrank on every project opened): the whole layout leaves and comes back as one.
    layout_.builder = layout_.defaultSizesPending ? QByteArray() : saveState();
    for (QDockWidget* dock : std::as_const(layout_.projectDocks)) dock->hide();
    return;
  }
  if (!layout_.builder.isEmpty() && restoreState(layout_.builder)) return;
  // None remembered: the default layout, whose sizes are shares of the window once it is shown.
  arrangeDefaultLayout();
  layout_.defaultSizesPending = true;
  sizeDefaultLayoutWhenShown();
}

void MainWindow::sizeDefaultLayoutWhenShown() {
  if (!layout_.defaultSizesPending || !isVisible() || !layout_.builderDocksShown) return;
  layout_.defaultSizesPending = false;
  QTimer::singleShot(0, this, [this] { sizeDefaultDocks(*this, studioDocks()); });
}

void MainWindow::resetLayout() {
  layout_.builder.clear();
  // On the start page the default comes with the next project.
  if (layout_.builderDocksShown) {
    arrangeDefaultLayout();
    layout_.defaultSizesPending = true;
    sizeDefaultLayoutWhenShown();
  }
  updateForProject();
}

void MainWindow::restoreWindowGeometry() {
  const QByteArray geometry = settings::kMainWindowGeometry.value();
  if (geometry.isEmpty() || !restoreGeometry(geometry)) resize(1400, 900);
  // Saved on a bigger screen, or a screen no longer there: it must still fit this one.
  clampToScreen(this);
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  // The window frame is known once shown: the whole window, frame included, must fit.
  if (!moments_.shownOnce) {
    moments_.shownOnce = true;
    clampToScreen(this);
  }
  sizeDefaultLayoutWhenShown();
}

bool MainWindow::event(QEvent* event) {
  const bool handled = QMainWindow::event(event);
  // The dock layout has been applied by now (the layout sees these events first).
  if (event->type() == QEvent::LayoutRequest || event->type() == QEvent::Resize ||
      event->type() == QEvent::Show) {
    hideEmptyDockTabBars(*this);
  }
  return handled;
}

}  // namespace convstudio
