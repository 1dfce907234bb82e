#pragma once
// The Export dialog's "ONNX int8" settings (calibration images, method, weights per channel), the
// running export's progress and Cancel, and the report shown once the file is written: fp32 vs
// int8 as measured with the exported file in onnxruntime, from the same Int8Report the CLI
// prints as JSON.

#include <QWidget>

#include <atomic>
#include <memory>

#include "convstudio/export/int8_report.h"

class QCheckBox;
class QComboBox;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace convstudio {

class Int8ExportForm : public QWidget {
  Q_OBJECT

 public:
  explicit Int8ExportForm(QWidget* parent = nullptr);

  // The options chosen (without a progress callback).
  Int8ExportOptions options() const;
  void setOptions(const Int8ExportOptions& options);

  // The options for a new export, their progress callback (called on the worker thread) moving
  // the progress bar and asking whether Cancel was clicked; shows the progress and Cancel.
  Int8ExportOptions startRun();
  // Hides the progress and Cancel once the export has ended.
  void finishRun();
  // What Cancel does: the running export stops at its next calibration batch.
  void cancel();

  // The report as the dialog shows it, one figure a line, in the user's language.
  static QString reportText(const Int8Report& report);

 signals:
  // Calibration is done: the file is written and measured next (Cancel no longer applies).
  void measuring();
  void cancelRequested();

 private:
  QSpinBox* calibration_ = nullptr;
  QComboBox* method_ = nullptr;
  QCheckBox* perChannel_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QPushButton* cancel_ = nullptr;
  // Set by Cancel, read by the running export's progress callback on the pool thread.
  std::shared_ptr<std::atomic<bool>> cancelled_;
};

}  // namespace convstudio
