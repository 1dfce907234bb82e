#include "out_of_memory_dialog.h"

#include <QAbstractButton>
#include <QPushButton>

namespace convstudio {

OutOfMemoryDialog::OutOfMemoryDialog(const QString& engineMessage, const TrainingSettings& settings,
                                     QWidget* parent)
    : QMessageBox(parent), suggested_(settings) {
  setObjectName(QStringLiteral("outOfMemoryDialog"));
  setIcon(QMessageBox::Warning);
  setWindowTitle(tr("Out of Memory"));
  setText(tr("The device ran out of memory during training."));
  QString details = QStringLiteral("<p>%1</p><p>%2</p><ul>")
                        .arg(engineMessage.toHtmlEscaped(), tr("What to change:"));
  for (const QString& line : advice(settings)) {
    details += QStringLiteral("<li>%1</li>").arg(line.toHtmlEscaped());
  }
  details += QStringLiteral("</ul>");
  setInformativeText(details);
  setTextFormat(Qt::RichText);
  if (settings.batch_size >= 2) {
    suggested_.batch_size = settings.batch_size / 2;
    suggested_.accumulate = settings.accumulate * 2;
    apply_ = addButton(
        tr("Use Batch %1 × Accumulation %2").arg(suggested_.batch_size).arg(suggested_.accumulate),
        QMessageBox::AcceptRole);
  }
  addButton(QMessageBox::Close);
}

bool OutOfMemoryDialog::fixAccepted() const {
  return apply_ != nullptr && clickedButton() == apply_;
}

QStringList OutOfMemoryDialog::advice(const TrainingSettings& s) {
  QStringList lines;
  if (s.batch_size >= 2) {
    lines << tr("Halve the batch size to %1 and double the gradient accumulation to %2: the "
                "effective batch stays %3.")
                 .arg(s.batch_size / 2)
                 .arg(s.accumulate * 2)
                 .arg(s.batch_size * s.accumulate);
  }
  if (s.amp == AmpMode::Off) {
    lines << tr(
        "Turn on mixed precision (bf16, or fp16 on older GPUs): activations take about "
        "half the memory.");
  }
  if (!s.auto_oom_retry) {
    lines << tr(
        "Turn on automatic out-of-memory recovery, so the run halves the batch itself "
        "and goes on.");
  }
  lines << tr("Make the model smaller (fewer channels or blocks) or the input smaller.");
  lines << tr("Release cached GPU memory, and close other programs that use the GPU.");
  return lines;
}

}  // namespace convstudio
