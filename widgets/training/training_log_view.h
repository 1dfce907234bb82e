#pragma once
// The run's log: the engine's info lines, warnings and errors, coloured by level, newest at the
// bottom; keeps the last few thousand lines.

#include <QPlainTextEdit>

#include "convstudio/runs/training_events.h"

namespace convstudio {

class TrainingLogView : public QPlainTextEdit {
  Q_OBJECT

 public:
  static constexpr int kMaxLines = 5000;

  explicit TrainingLogView(QWidget* parent = nullptr);

  void addLine(const LogLine& line);
  void addText(LogLevel level, const QString& text);
  int warningCount() const { return warnings_; }
  int errorCount() const { return errors_; }

 private:
  int warnings_ = 0;
  int errors_ = 0;
};

}  // namespace convstudio
