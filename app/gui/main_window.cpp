#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>

#include "about_dialog.h"
#include "device_text.h"
#include "app_settings.h"
#include "start_page.h"

namespace convstudio {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), build_(build_info()), devices_(probe_devices()) {
  setObjectName(QStringLiteral("mainWindow"));
  setWindowTitle(tr("ConvStudio"));
  setDockOptions(AllowNestedDocks | AllowTabbedDocks | AnimatedDocks);
  // Side docks (palette, properties) run full height; bottom docks (problems, charts, log)
  // sit between them.
  setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
  setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

  startPage_ = new StartPage(this);
  startPage_->setObjectName(QStringLiteral("startPage"));
  startPage_->showDevices(devices_);
  startPage_->showExampleDataset(exampleDatasetFolder());
  setCentralWidget(startPage_);

  createMenus();
  showDeviceInStatusBar();
  defaultState_ = saveState();
  restoreWindowLayout();
}

QString MainWindow::exampleDatasetFolder() {
  return QStringLiteral("/usr/share/datasets/fashion-mnist");
}

void MainWindow::createMenus() {
  QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
  fileMenu->setObjectName(QStringLiteral("fileMenu"));
  QAction* quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  quit->setMenuRole(QAction::QuitRole);

  viewMenu_ = menuBar()->addMenu(tr("&View"));
  viewMenu_->setObjectName(QStringLiteral("viewMenu"));
  QAction* fullScreen = viewMenu_->addAction(tr("&Full Screen"));
  fullScreen->setShortcut(QKeySequence::FullScreen);
  fullScreen->setCheckable(true);
  connect(fullScreen, &QAction::toggled, this,
          [this](bool on) { setWindowState(windowState().setFlag(Qt::WindowFullScreen, on)); });
  viewMenu_->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
  viewMenu_->addSeparator();

  QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
  helpMenu->setObjectName(QStringLiteral("helpMenu"));
  QAction* about = helpMenu->addAction(tr("&About ConvStudio"), this, &MainWindow::showAbout);
  about->setMenuRole(QAction::AboutRole);
  QAction* aboutQt = helpMenu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
  aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::showDeviceInStatusBar() {
  QString text;
  if (devices_.cuda_available && !devices_.cuda_devices.empty()) {
    text = tr("Device: cuda:0 %1").arg(QString::fromStdString(devices_.cuda_devices[0].name));
  } else {
    text = tr("Device: CPU (%1 threads); CUDA not available")
               .arg(devices_.cpu.hardware_threads);
  }
  auto* label = new QLabel(text, this);
  label->setObjectName(QStringLiteral("deviceStatus"));
  label->setToolTip(devices_.cuda_available
                        ? QString()
                        : cudaUnavailableText(devices_));
  statusBar()->addPermanentWidget(label);
}

void MainWindow::showAbout() {
  AboutDialog dialog(build_, devices_, this);
  dialog.exec();
}

void MainWindow::resetLayout() { restoreState(defaultState_); }

void MainWindow::restoreWindowLayout() {
  const QByteArray geometry = settings::kMainWindowGeometry.value();
  if (geometry.isEmpty() || !restoreGeometry(geometry)) resize(1280, 800);
  restoreState(settings::kMainWindowState.value());
}

void MainWindow::saveWindowLayout() const {
  settings::kMainWindowGeometry.setValue(saveGeometry());
  settings::kMainWindowState.setValue(saveState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
  saveWindowLayout();
  event->accept();
}

}  // namespace convstudio
