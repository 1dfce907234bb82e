#pragma once
// Shown when a run ran out of device memory: what happened and what to change, with a button
// that applies the usual fix (half the batch, twice the accumulation: the same effective batch).

#include <QMessageBox>

#include "convstudio/model/training_settings.h"

namespace convstudio {

class OutOfMemoryDialog : public QMessageBox {
  Q_OBJECT

 public:
  OutOfMemoryDialog(const QString& engineMessage, const TrainingSettings& settings,
                    QWidget* parent = nullptr);

  // The settings with the suggested change; only meaningful when fixAccepted().
  TrainingSettings suggestedSettings() const { return suggested_; }
  bool fixAccepted() const;
  // The advice as bullet lines, without the engine's message (tests check it).
  static QStringList advice(const TrainingSettings& settings);

 private:
  TrainingSettings suggested_;
  QAbstractButton* apply_ = nullptr;
};

}  // namespace convstudio
