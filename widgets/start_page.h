#pragma once
// The page shown when no project is open: buttons to start a project, the recent projects and
// the built-in templates as cards, what the machine can train on, and the built-in example
// (Fashion-MNIST) with whether its files are present. It scrolls rather than force the
// window's size.

#include <QStringList>
#include <QWidget>

#include "convstudio/system_info.h"

class QGridLayout;
class QLabel;

namespace convstudio {

class StartPage : public QWidget {
  Q_OBJECT

 public:
  explicit StartPage(QWidget* parent = nullptr);

  void showDevices(const DeviceReport& devices);
  // Checks the example dataset's files under `folder` and says which are missing.
  void showExampleDataset(const QString& folder);
  // Most recent first; files that no longer exist are left out.
  void showRecentProjects(const QStringList& files);
  int recentCardCount() const { return recentCount_; }
  int templateCardCount() const { return templateCount_; }

 signals:
  void newRequested();
  void openRequested();
  void exampleRequested();
  void recentRequested(const QString& file);
  void templateRequested(const QString& name);

 private:
  void showTemplates();
  static void clearGrid(QGridLayout* grid);

  QLabel* devicesLabel_ = nullptr;
  QLabel* exampleLabel_ = nullptr;
  QLabel* recentHeading_ = nullptr;
  QGridLayout* recentGrid_ = nullptr;
  QGridLayout* templateGrid_ = nullptr;
  int recentCount_ = 0;
  int templateCount_ = 0;
};

}  // namespace convstudio
