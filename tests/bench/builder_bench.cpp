// The builder at scale (issue 13), measured as a user meets it: the studio's main window
// (offscreen) with a generated residual network of about 1,000 blocks.
//   open      from choosing the file to the first painted canvas          (goal <= 1 s)
//   edit      one parameter edit: shape inference and redraw, p50 / p99    (goal p99 <= 16 ms);
//             the kernel of a convolution early in the network goes 3 -> 5 -> 3: every later
//             block's shape changes and the residual Add after it reports a mismatch (the worst
//             case: most blocks and the Problems list change on each edit)
//   paste     pasting 500 blocks, then undoing the paste                   (goal <= 100 ms each)
//   linear    shape inference and validation alone at 500..8,000 blocks: the time per block and
//             wire should stay flat as the graph grows
//
//   builder_bench [--blocks 1000] [--edits 200] [--repeats 5]
// Every figure is the median over --repeats (edits: percentiles over all edits of all repeats).

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEvent>
#include <QTemporaryDir>
#include <QUndoStack>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "builder/builder_canvas.h"
#include "builder/builder_view.h"
#include "builder/graph_document.h"
#include "builder/graph_fragment.h"
#include "convstudio/model/graph_validator.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "main_window.h"
#include "project_controller.h"
#include "residual_network.h"

using namespace convstudio;

namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values.empty() ? 0 : values[values.size() / 2];
}

double percentile(std::vector<double> values, double share) {
  std::sort(values.begin(), values.end());
  if (values.empty()) return 0;
  const auto index = static_cast<std::size_t>(share * static_cast<double>(values.size() - 1));
  return values[index];
}

// Counts the canvas's paints, so that a figure is known to include the redraw it claims.
class PaintCounter : public QObject {
 public:
  int paints = 0;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() == QEvent::Paint) ++paints;
    return QObject::eventFilter(watched, event);
  }
};

// Runs the event loop until what the edit posted (scene updates, repaints, dock refreshes) is
// done: an offscreen window paints into its backing store just as a visible one does.
void settle() {
  for (int i = 0; i < 3; ++i) QApplication::processEvents();
}

double millisecondsOf(const std::function<void()>& work) {
  QElapsedTimer timer;
  timer.start();
  work();
  settle();
  return static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

struct WindowFigures {
  double open_ms = 0;
  std::vector<double> edit_ms;
  double paste_ms = 0;
  double undo_ms = 0;
  std::size_t blocks = 0;
  std::size_t wires = 0;
};

WindowFigures measureInWindow(const QString& projectFile, int edits) {
  WindowFigures figures;
  MainWindow window;
  window.resize(1600, 1000);
  window.show();
  settle();
  PaintCounter counter;
  window.canvas()->view()->viewport()->installEventFilter(&counter);
  figures.open_ms = millisecondsOf([&] { window.projects()->openFile(projectFile); });
  if (counter.paints == 0) std::fprintf(stderr, "warning: opening did not paint the canvas\n");
  GraphDocument* document = window.document();
  figures.blocks = document->graph().blocks().size();
  figures.wires = document->graph().connections().size();

  // Alternate the width of a convolution in the middle: everything after it is re-inferred.
  std::string middle;
  std::size_t seen = 0;
  for (const Block& b : document->graph().blocks()) {
    if (b.type == "Conv2d" && ++seen == figures.blocks / 14) middle = b.id;
  }
  const QString target = QString::fromStdString(middle);
  if (qEnvironmentVariableIsSet("BUILDER_BENCH_BREAKDOWN")) {
    // Where an edit's time goes: the document (analysis + the views' synchronous slots), the
    // posted events, the canvas paint.
    for (int i = 0; i < 20; ++i) {
      QElapsedTimer t;
      t.start();
      document->setParam(target, QStringLiteral("kernel"), ParamValue{std::int64_t{i % 2 ? 3 : 5}});
      const double edit = t.nsecsElapsed() / 1e6;
      t.restart();
      settle();
      const double events = t.nsecsElapsed() / 1e6;
      t.restart();
      window.canvas()->view()->viewport()->repaint();
      const double paint = t.nsecsElapsed() / 1e6;
      std::fprintf(stderr, "edit %.2f  events (with the redraw) %.2f  a repaint alone %.2f ms\n",
                   edit, events, paint);
    }
  }
  // A redraw is part of each figure: the events the edit posts include the canvas's paint.
  for (int i = 0; i < edits; ++i) {
    const std::int64_t kernel = i % 2 == 0 ? 5 : 3;
    const int paintsBefore = counter.paints;
    figures.edit_ms.push_back(millisecondsOf(
        [&] { document->setParam(target, QStringLiteral("kernel"), ParamValue{kernel}); }));
    if (counter.paints == paintsBefore) std::fprintf(stderr, "warning: an edit did not repaint\n");
  }

  // Paste the first 500 blocks (the stem and the first stages) below the network, then undo.
  QStringList ids;
  for (const Block& b : document->graph().blocks()) {
    if (ids.size() < 500) ids << QString::fromStdString(b.id);
  }
  const QByteArray fragment = GraphFragment::toJson(GraphFragment::extract(document->graph(), ids));
  figures.paste_ms = millisecondsOf([&] { document->paste(fragment, QPointF(900, 0)); });
  figures.undo_ms = millisecondsOf([&] { document->undoStack()->undo(); });
  document->undoStack()->clear();
  document->undoStack()->setClean();
  window.projects()->close();
  return figures;
}

// Microseconds per block + wire for shape inference and for validation at one size.
std::pair<double, double> analysisCost(int blocks, int repeats) {
  const Graph graph = residualNetwork(blocks);
  const double elements = static_cast<double>(graph.blocks().size() + graph.connections().size());
  std::vector<double> inference, validation;
  for (int i = 0; i < repeats; ++i) {
    QElapsedTimer timer;
    timer.start();
    const ModelAnalysis analysis = ShapeInference::run(graph);
    inference.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e3 / elements);
    if (!analysis.errors.empty()) std::fprintf(stderr, "unexpected: the graph has errors\n");
    timer.restart();
    const std::vector<Error> problems = GraphValidator::validate(graph);
    validation.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e3 / elements);
  }
  return {median(inference), median(validation)};
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("ConvStudio-bench"));
  QCommandLineParser parser;
  parser.addHelpOption();
  parser.addOption({QStringLiteral("blocks"), QStringLiteral("Blocks."), QStringLiteral("N"),
                    QStringLiteral("1000")});
  parser.addOption({QStringLiteral("edits"), QStringLiteral("Edits per repeat."),
                    QStringLiteral("N"), QStringLiteral("200")});
  parser.addOption({QStringLiteral("repeats"), QStringLiteral("Repeats."), QStringLiteral("N"),
                    QStringLiteral("5")});
  parser.process(app);
  const int blocks = parser.value(QStringLiteral("blocks")).toInt();
  const int edits = parser.value(QStringLiteral("edits")).toInt();
  const int repeats = std::max(1, parser.value(QStringLiteral("repeats")).toInt());

  QTemporaryDir dir;
  const QString projectFile = dir.filePath(QStringLiteral("residual-1000.convstudio"));
  Project project;
  project.graph = residualNetwork(blocks);
  if (auto error = ProjectFile::save(project, projectFile.toStdString())) {
    std::fprintf(stderr, "cannot write %s: %s\n", qPrintable(projectFile),
                 error->describe().c_str());
    return 1;
  }

  std::vector<double> open, paste, undo, allEdits;
  WindowFigures last;
  for (int r = 0; r < repeats; ++r) {
    last = measureInWindow(projectFile, edits);
    open.push_back(last.open_ms);
    paste.push_back(last.paste_ms);
    undo.push_back(last.undo_ms);
    allEdits.insert(allEdits.end(), last.edit_ms.begin(), last.edit_ms.end());
  }
  std::printf("graph: %zu blocks, %zu wires (residual stages); %d repeats\n", last.blocks,
              last.wires, repeats);
  std::printf("open to first painted canvas   median %8.1f ms   (goal <= 1000)\n", median(open));
  std::printf(
      "parameter edit + redraw        p50 %6.2f ms  p99 %6.2f ms  (goal p99 <= 16; %zu "
      "edits)\n",
      percentile(allEdits, 0.5), percentile(allEdits, 0.99), allEdits.size());
  std::printf("paste 500 blocks               median %8.1f ms   (goal <= 100)\n", median(paste));
  std::printf("undo the paste                 median %8.1f ms   (goal <= 100)\n", median(undo));
  std::printf("linear? microseconds per block+wire (shape inference / validation):\n");
  for (int n : {500, 1000, 2000, 4000, 8000}) {
    const auto [inference, validation] = analysisCost(n, repeats);
    std::printf("  %5d blocks   %7.3f us   %7.3f us\n", n, inference, validation);
  }
  return 0;
}
