#pragma once
// A read-only table of what this build and machine offer: versions and compute devices.
// Shown in the About dialog; fed plain structs from the engine, so it never touches LibTorch.

#include <QTreeWidget>

#include "convstudio/system_info.h"

namespace convstudio {

class SystemFactsView : public QTreeWidget {
  Q_OBJECT

 public:
  explicit SystemFactsView(QWidget* parent = nullptr);

  void showFacts(const BuildInfo& build, const DeviceReport& devices);

 private:
  QTreeWidgetItem* addSection(const QString& title);
  void addFact(QTreeWidgetItem* section, const QString& name, const QString& value);
};

}  // namespace convstudio
