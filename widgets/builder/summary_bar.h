#pragma once
// The line under the canvas: parameters, MACs and the training memory estimate for the
// project's batch size and precision, in a warning colour when it exceeds the device's memory.

#include <QLabel>

#include <cstdint>

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
  // What the profiler measured for this graph: the training step's peak and, when blocks are
  // recomputed, the peak of the same steps recomputing nothing; shown beside the estimate and
  // its saving. 0: not measured.
  void setMeasuredMemory(std::int64_t peak, std::int64_t peakWithoutRecompute);

 private:
  void refresh();

  GraphDocument* document_;
  DeviceReport devices_;
  bool exceeds_ = false;
  QString profileNote_;
  std::int64_t measuredPeak_ = 0;
  std::int64_t measuredWithoutRecompute_ = 0;
};

}  // namespace convstudio
