// Grad-CAM in the studio's path (issue 35): the Inference panel's controllers load a checkpoint,
// then each image is opened as a user opens it (prediction and explanation both start) and timed
// from the open to the heat map shown. Prints, per image, that time and the engine's own (the
// "in N ms" of the panel's summary), then the medians. The first image is left out (warm-up).
//   explain_bench CKPT IMAGE... (run with OMP_NUM_THREADS=1 and without to compare)

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QLabel>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "inference/explain_section.h"
#include "inference/inference_panel.h"
#include "inference_controller.h"

using namespace convstudio;

namespace {

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// Runs the event loop until the section shows its next result.
void waitForExplanation(ExplainSection* section) {
  QEventLoop loop;
  QObject::connect(section, &ExplainSection::explanationShown, &loop, &QEventLoop::quit);
  loop.exec();
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  const QStringList args = app.arguments().mid(1);
  if (args.size() < 2) {
    std::fprintf(stderr, "usage: explain_bench CKPT IMAGE...\n");
    return 2;
  }
  InferenceController controller;
  std::unique_ptr<InferencePanel> panel(controller.panel());
  ExplainSection* section = panel->explainSection();
  auto* message = section->findChild<QLabel*>(QStringLiteral("explainMessage"));
  controller.setModelPath(args.front());
  panel->setImages({args.at(1)});
  waitForExplanation(section);  // the model loaded and the first image explained
  std::printf("first: %s\n", qPrintable(message->text()));
  const QRegularExpression engineTime(QStringLiteral("in (\\d+) ms"));
  std::vector<double> shown;
  std::vector<double> engine;
  for (const QString& image : args.mid(2)) {
    QElapsedTimer timer;
    timer.start();
    panel->setImages({image});
    waitForExplanation(section);
    shown.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    const QRegularExpressionMatch match = engineTime.match(message->text());
    engine.push_back(match.hasMatch() ? match.captured(1).toDouble() : -1);
    std::printf("%s: shown after %.1f ms, engine %.0f ms\n", qPrintable(image), shown.back(),
                engine.back());
  }
  std::printf("median: shown after %.1f ms, engine %.0f ms (%zu images)\n", median(shown),
              median(engine), shown.size());
  return 0;
}
