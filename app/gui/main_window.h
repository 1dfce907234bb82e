#pragma once
// The studio's main window: menus, the central page and the dock areas that the builder and
// training panels occupy. Remembers its geometry and dock layout between sessions.

#include <QMainWindow>

#include "convstudio/system_info.h"

class QAction;
class QMenu;

namespace convstudio {

class StartPage;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);

  // The folder the built-in example dataset is read from.
  static QString exampleDatasetFolder();

  QMenu* viewMenu() const { return viewMenu_; }

 public slots:
  void showAbout();
  void resetLayout();

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void createMenus();
  void restoreWindowLayout();
  void saveWindowLayout() const;
  void showDeviceInStatusBar();

  BuildInfo build_;
  DeviceReport devices_;
  StartPage* startPage_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QByteArray defaultState_;
};

}  // namespace convstudio
