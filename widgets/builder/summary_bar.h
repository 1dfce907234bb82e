#pragma once
// The line under the canvas: parameters, MACs and the training memory estimate for the
// project's batch size and precision, in a warning colour when it exceeds the device's memory.

#include <QLabel>

#include "convstudio/system_info.h"

namespace convstudio {

class GraphDocument;

class SummaryBar : public QLabel {
  Q_OBJECT

 public:
  explicit SummaryBar(GraphDocument* document, QWidget* parent = nullptr);

  void setDevices(const DeviceReport& devices);
  bool exceedsDeviceMemory() const { return exceeds_; }
  // The profiler's finding (e.g. the hottest block) at the end of the line; empty: none.
  void setProfileNote(const QString& note);
  const QString& profileNote() const { return profileNote_; }

 private:
  void refresh();

  GraphDocument* document_;
  DeviceReport devices_;
  bool exceeds_ = false;
  QString profileNote_;
};

}  // namespace convstudio
