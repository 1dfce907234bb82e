#include "window_screenshot.h"

#include <QCoreApplication>
#include <QPixmap>
#include <QTimer>
#include <QWidget>

#include <cstdio>

namespace convstudio {

void scheduleScreenshotAndQuit(QWidget& window, const QString& file, int delayMs) {
  QTimer::singleShot(delayMs, &window, [&window, file] {
    const bool saved = window.grab().save(file);
    if (!saved) std::fprintf(stderr, "could not write screenshot %s\n", qPrintable(file));
    QCoreApplication::exit(saved ? 0 : 1);
  });
}

}  // namespace convstudio
