#pragma once
// Saves a picture of a window as the application itself draws it (QWidget::grab), then quits:
// how the README screenshots are made under Xvfb.

#include <QString>

class QWidget;

namespace convstudio {

void scheduleScreenshotAndQuit(QWidget& window, const QString& file, int delayMs);

}  // namespace convstudio
