#pragma once
// The page shown when no project is open: buttons to start a project, what the machine can
// train on and the built-in example (Fashion-MNIST) with whether its files are present.

#include <QWidget>

#include "convstudio/system_info.h"

class QLabel;

namespace convstudio {

class StartPage : public QWidget {
  Q_OBJECT

 public:
  explicit StartPage(QWidget* parent = nullptr);

  void showDevices(const DeviceReport& devices);
  // Checks the example dataset's files under `folder` and says which are missing.
  void showExampleDataset(const QString& folder);

 signals:
  void newRequested();
  void openRequested();
  void exampleRequested();

 private:
  QLabel* devicesLabel_ = nullptr;
  QLabel* exampleLabel_ = nullptr;
};

}  // namespace convstudio
