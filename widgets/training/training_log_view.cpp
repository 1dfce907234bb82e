#include "training_log_view.h"

#include <QTime>

#include "engine_text.h"

namespace convstudio {

TrainingLogView::TrainingLogView(QWidget* parent) : QPlainTextEdit(parent) {
  setObjectName(QStringLiteral("trainingLog"));
  setReadOnly(true);
  setMaximumBlockCount(kMaxLines);
  setLineWrapMode(QPlainTextEdit::WidgetWidth);
  QFont mono(QStringLiteral("monospace"));
  mono.setStyleHint(QFont::Monospace);
  setFont(mono);
}

void TrainingLogView::addLine(const LogLine& line) {
  addText(line.level, engineText(line.message, line.text));
}

void TrainingLogView::addText(LogLevel level, const QString& text) {
  QString prefix;
  QString color;
  switch (level) {
    case LogLevel::Info:
      break;
    case LogLevel::Warning:
      ++warnings_;
      prefix = tr("warning: ");
      color = QStringLiteral("#b06000");
      break;
    case LogLevel::Error:
      ++errors_;
      prefix = tr("error: ");
      color = QStringLiteral("#c00000");
      break;
  }
  const QString time = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
  const QString body = (prefix + text).toHtmlEscaped();
  appendHtml(
      color.isEmpty()
          ? QStringLiteral("<span style='color:#777'>%1</span> %2").arg(time, body)
          : QStringLiteral("<span style='color:#777'>%1</span> <span style='color:%2'>%3</span>")
                .arg(time, color, body));
}

}  // namespace convstudio
