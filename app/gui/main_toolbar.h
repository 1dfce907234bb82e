#pragma once
// The main toolbar: Train, Pause and Stop; the device and mixed precision of the next run at a
// glance (a button whose menu changes them, as an undoable settings edit); Fit, Undo and Redo.

#include <QToolBar>

#include <functional>

#include "convstudio/model/training_settings.h"
#include "convstudio/system_info.h"

class QActionGroup;
class QToolButton;

namespace convstudio {

class MainToolBar : public QToolBar {
  Q_OBJECT

 public:
  struct Actions {
    QAction* train = nullptr;
    QAction* pause = nullptr;
    QAction* stop = nullptr;
    QAction* fit = nullptr;
    QAction* undo = nullptr;
    QAction* redo = nullptr;
  };
  // `settings` reads the open project's training settings; `setSettings` writes them back.
  MainToolBar(const Actions& actions, const DeviceReport& devices,
              std::function<TrainingSettings()> settings,
              std::function<void(const TrainingSettings&)> setSettings, QWidget* parent = nullptr);

  // "CPU · fp32": what the button shows for `settings` on `devices`.
  static QString runText(const TrainingSettings& settings, const DeviceReport& devices);
  QToolButton* runButton() const { return runButton_; }

 public slots:
  // The settings or the open project changed.
  void updateRunButton();

 private:
  void fillRunMenu();

  DeviceReport devices_;
  std::function<TrainingSettings()> settings_;
  std::function<void(const TrainingSettings&)> setSettings_;
  QToolButton* runButton_ = nullptr;
  QActionGroup* deviceGroup_ = nullptr;
  QActionGroup* ampGroup_ = nullptr;
};

}  // namespace convstudio
