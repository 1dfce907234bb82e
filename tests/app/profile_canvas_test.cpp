// The profiler in the studio: its figures colour every block of the canvas by share of a step
// (with a legend), fill the Profile dock's table sortably and name the hottest block in the
// summary bar; the colours can be turned off; an edit of the graph clears them all. The last
// case profiles the tiny project for real on the runner's thread.

#include <QAction>
#include <QCheckBox>
#include <QLabel>
#include <QMainWindow>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <memory>

#include "builder/block_item.h"
#include "builder/builder_canvas.h"
#include "builder/builder_scene.h"
#include "builder/graph_document.h"
#include "builder/profile_legend.h"
#include "builder/summary_bar.h"
#include "convstudio/model/units.h"
#include "profile_controller.h"
#include "training/profile_panel.h"
#include "training_test_data.h"
#include "tuning_actions.h"

using namespace convstudio;

namespace {

constexpr int kProfileTimeoutMs = 120000;  // a ceiling for slow machines, not a pace

// A profile of `graph` in which block k takes k+1 ms forward and as much backward.
StepProfile madeUpProfile(const Graph& graph) {
  StepProfile profile;
  profile.device = "cpu";
  profile.precision = "fp32";
  profile.timer = "host clock";
  profile.steps = 3;
  profile.batch_size = 8;
  double total = 0;
  for (std::size_t k = 0; k < graph.blocks().size(); ++k) {
    BlockProfile row;
    row.block_id = graph.blocks()[k].id;
    row.type = graph.blocks()[k].type;
    row.forward_ms = static_cast<double>(k + 1);
    row.backward_ms = static_cast<double>(k + 1);
    row.kept_bytes = 1024 * 1024 * static_cast<std::int64_t>(k);
    total += row.total_ms();
    profile.blocks.push_back(row);
  }
  for (StageKind kind :
       {StageKind::DataLoading, StageKind::Loss, StageKind::Optimizer, StageKind::Bookkeeping}) {
    profile.stages.push_back({kind, 1.0, 0});
    total += 1.0;
  }
  profile.step_ms = total;
  for (BlockProfile& row : profile.blocks) row.share = row.total_ms() / total;
  for (StageProfile& stage : profile.stages) stage.share = stage.ms / total;
  return profile;
}

}  // namespace

class ProfileCanvasTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void profileColoursTheBlocksAndFillsTheTable();
  void colouringCanBeTurnedOff();
  void editingTheGraphClearsTheFigures();
  void measuredPeakAndRecomputeSavingShowBesideTheEstimate();
  void profilingTheProjectOnItsThreadFillsTheDock();

 private:
  BlockItem* item(const std::string& id) const {
    return canvas_->scene()->blockItem(QString::fromStdString(id));
  }

  QTemporaryDir dir_;
  QString dataFolder_;
  std::unique_ptr<QMainWindow> window_;
  GraphDocument* document_ = nullptr;
  BuilderCanvas* canvas_ = nullptr;
  TuningActions* tuning_ = nullptr;
  ProfileController* profiler_ = nullptr;
};

void ProfileCanvasTest::initTestCase() {
  QStandardPaths::setTestModeEnabled(true);
  qputenv("XDG_CACHE_HOME", QFile::encodeName(dir_.filePath(QStringLiteral("cache"))));
  QVERIFY(dir_.isValid());
  dataFolder_ = dir_.filePath(QStringLiteral("tiny-idx"));
  testing::writeTinyIdxDataset(dataFolder_);
}

void ProfileCanvasTest::init() {
  window_ = std::make_unique<QMainWindow>();
  document_ = new GraphDocument(window_.get());
  Project project = testing::tinyProject(dataFolder_);
  project.training.device = "cpu";
  document_->resetProject(project);
  canvas_ = new BuilderCanvas(document_, window_.get());
  window_->setCentralWidget(canvas_);
  TuningHost host;
  host.window = window_.get();
  host.project = [this] { return document_->project(); };
  host.canStart = [] { return true; };
  tuning_ = new TuningActions(std::move(host), window_.get());
  profiler_ = new ProfileController(document_, canvas_, tuning_, window_.get());
  profiler_->panel()->setParent(window_.get(), Qt::Window);
  window_->resize(1200, 800);
  window_->show();
  profiler_->panel()->show();
}

void ProfileCanvasTest::cleanup() {
  window_.reset();
}

void ProfileCanvasTest::profileColoursTheBlocksAndFillsTheTable() {
  const Graph& graph = document_->graph();
  const StepProfile profile = madeUpProfile(graph);
  profiler_->showProfile(profile);

  // Every block coloured; the hottest (the last) at the scale's red end, the first paler.
  for (const Block& block : graph.blocks()) {
    QVERIFY2(item(block.id)->heat().has_value(), block.id.c_str());
  }
  const std::string hottest = graph.blocks().back().id;
  QCOMPARE(item(hottest)->heat()->colour, ProfileLegend::colourFor(1.0));
  QVERIFY(item(graph.blocks().front().id)->heat()->colour != ProfileLegend::colourFor(1.0));
  QVERIFY(item(hottest)->heat()->label.contains(QStringLiteral("%")));
  QVERIFY(profiler_->legend()->isVisible());
  QVERIFY(canvas_->summaryBar()->text().contains(QString::fromStdString(hottest)));

  // The table: every block and the four other parts, sorted by share, sortable by any column.
  QStandardItemModel* model = profiler_->panel()->model();
  QCOMPARE(model->rowCount(), static_cast<int>(graph.blocks().size()) + 4);
  QTableView* table = profiler_->panel()->table();
  QCOMPARE(table->model()->index(0, ProfilePanel::Block).data().toString(),
           QString::fromStdString(hottest));
  table->sortByColumn(ProfilePanel::Forward, Qt::AscendingOrder);
  double previous = -1;
  for (int row = 0; row < table->model()->rowCount(); ++row) {
    const double forward = table->model()->index(row, ProfilePanel::Forward).data().toDouble();
    QVERIFY(forward >= previous);
    previous = forward;
  }
  QVERIFY(profiler_->panel()->status()->text().contains(QString::fromStdString(hottest)));
}

void ProfileCanvasTest::colouringCanBeTurnedOff() {
  profiler_->showProfile(madeUpProfile(document_->graph()));
  auto* check = profiler_->panel()->findChild<QCheckBox*>(QStringLiteral("profileColourCheck"));
  QVERIFY(check != nullptr);
  check->setChecked(false);
  for (const Block& block : document_->graph().blocks()) QVERIFY(!item(block.id)->heat());
  QVERIFY(!profiler_->legend()->isVisible());
  QVERIFY(profiler_->panel()->model()->rowCount() > 0);  // the table keeps the figures
  check->setChecked(true);
  for (const Block& block : document_->graph().blocks()) QVERIFY(item(block.id)->heat());
}

void ProfileCanvasTest::editingTheGraphClearsTheFigures() {
  profiler_->showProfile(madeUpProfile(document_->graph()));
  QVERIFY(profiler_->hasFigures());
  // Moving a block changes nothing that was measured: the figures stay.
  const QString first = QString::fromStdString(document_->graph().blocks().front().id);
  document_->moveBlocks({{first, QPointF(400, 400)}});
  QVERIFY(profiler_->hasFigures());
  // A parameter edit changes the network: every trace of the old figures goes.
  QString linear;
  for (const Block& block : document_->graph().blocks()) {
    if (block.type == "Linear") linear = QString::fromStdString(block.id);
  }
  QVERIFY(!linear.isEmpty());
  document_->setParam(linear, QStringLiteral("out_features"), ParamValue(std::int64_t{24}));
  QVERIFY(!profiler_->hasFigures());
  for (const Block& block : document_->graph().blocks()) QVERIFY(!item(block.id)->heat());
  QCOMPARE(profiler_->panel()->model()->rowCount(), 0);
  QVERIFY(!profiler_->legend()->isVisible());
  QVERIFY(canvas_->summaryBar()->profileNote().isEmpty());
  QVERIFY(profiler_->panel()->status()->text().contains(QStringLiteral("changed")));
}

void ProfileCanvasTest::measuredPeakAndRecomputeSavingShowBesideTheEstimate() {
  // The Linear block recomputed in backward (one undoable edit), then profiled: the summary bar
  // shows the measured peak beside the estimate, and the measured change beside the estimated
  // one (the profiler measured the same steps without recomputing).
  for (const Block& block : document_->graph().blocks()) {
    item(block.id)->setSelected(block.type == "Linear");
  }
  canvas_->toggleRecomputeAsOneSegment();
  const QString before = canvas_->summaryBar()->text();
  QVERIFY2(before.contains(QStringLiteral("estimated")), qPrintable(before));
  QVERIFY(!before.contains(QStringLiteral("measured")));
  StepProfile profile = madeUpProfile(document_->graph());
  profile.peak_bytes = 3 << 20;
  profile.peak_bytes_without_recompute = 5 << 20;
  profiler_->showProfile(profile);
  const QString text = canvas_->summaryBar()->text();
  const QString measured = QString::fromStdString(format_bytes(3 << 20));
  const QString saving = QStringLiteral("−") + QString::fromStdString(format_bytes(2 << 20));
  QVERIFY2(text.contains(QStringLiteral("measured ") + measured), qPrintable(text));
  QVERIFY2(text.contains(saving + QStringLiteral(" measured")), qPrintable(text));
  // An edit clears the measured figures with the rest.
  document_->undoStack()->undo();
  QVERIFY(!canvas_->summaryBar()->text().contains(QStringLiteral("measured")));
}

void ProfileCanvasTest::profilingTheProjectOnItsThreadFillsTheDock() {
  QSignalSpy finished(tuning_, &TuningActions::profileFinished);
  QSignalSpy steps(tuning_, &TuningActions::profileStep);
  tuning_->profileAction()->trigger();
  QVERIFY(tuning_->isBusy());
  QVERIFY(!tuning_->profileAction()->isEnabled());  // one at a time
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kProfileTimeoutMs);
  QTRY_VERIFY(!tuning_->isBusy());
  const auto profile = finished.front().front().value<StepProfile>();
  QVERIFY2(!profile.error, profile.error ? profile.error->describe().c_str() : "");
  QVERIFY(steps.size() > 0);
  QCOMPARE(profiler_->panel()->model()->rowCount(),
           static_cast<int>(document_->graph().blocks().size()) + 4);
  for (const Block& block : document_->graph().blocks()) QVERIFY(item(block.id)->heat());
  QVERIFY(!canvas_->summaryBar()->profileNote().isEmpty());
}

QTEST_MAIN(ProfileCanvasTest)
#include "profile_canvas_test.moc"
