// Issue 36, the studio's side of studies: the Search tab checks each line as it is typed; a
// study advances through the run queue runner (each ended trial recorded, the next drawn, a
// weak trial pruned at a validation and the queue going on); the comparison table marks pruned
// and refused trials; the Study tab draws the trials; "Apply Best Settings" is one undo step.

#include <QApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "convstudio/model/template_library.h"
#include "convstudio/runs/run_recorder.h"
#include "graph_document.h"
#include "main_window.h"
#include "project_controller.h"
#include "queue_actions.h"
#include "run_queue_runner.h"
#include "study_runner.h"
#include "training/run_comparison_model.h"
#include "training/runs_list.h"
#include "training/study_search_form.h"
#include "training/study_view.h"
#include "training/sweep_dialog.h"
#include "training_cockpit.h"
#include "training_controller.h"

namespace convstudio {
namespace {

std::filesystem::path local(const QString& file) {
  return std::filesystem::path(QFile::encodeName(file).toStdString());
}

Project lenet5() {
  Project project;
  project.graph = *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  return project;
}

StudyPlan lrStudy(std::int64_t trials) {
  StudyPlan plan;
  plan.id = "study-20261127-060000";
  plan.sampler = StudySampler::Random;
  plan.seed = 5;
  plan.trials = trials;
  plan.spaces = {parse_study_space("lr=log:1e-4..1").value(),
                 parse_study_space("momentum=0.8..0.99").value()};
  plan.base = lenet5();
  return plan;
}

// A run folder with one validation, as a trained trial leaves it.
void writeRun(const std::filesystem::path& folder, std::int64_t step, double accuracy) {
  RunRecorder recorder(folder, lenet5());
  EpochMetrics epoch;
  epoch.step = step;
  epoch.val_accuracy = accuracy;
  recorder.on_epoch(epoch);
  recorder.finish({});
}

}  // namespace

class StudySearchTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void theSearchTabNamesEachBadLineAndHoldsOkUntilAllAreRight() {
    SweepDialog dialog(lenet5(), "20261127-060000");
    dialog.showSearch();
    QVERIFY(dialog.isSearch());
    QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    StudySearchForm* form = dialog.searchForm();
    form->setSpacesText(QStringLiteral("lr=log:1e-4..1\nmomentum=2..1\nwidth=1,2"));
    QVERIFY(!ok->isEnabled());
    QVERIFY2(form->problem().contains(QStringLiteral("Line 2:")), qPrintable(form->problem()));
    QVERIFY2(form->problem().contains(QStringLiteral("Line 3:")), qPrintable(form->problem()));
    QVERIFY(!form->problem().contains(QStringLiteral("Line 1:")));
    form->setSpacesText(QStringLiteral("lr=log:1e-4..1\n\nmomentum=0.8..0.99"));
    QVERIFY2(form->problem().isEmpty(), qPrintable(form->problem()));
    QVERIFY(ok->isEnabled());
    const std::optional<StudyPlan> plan = dialog.studyPlan();
    QVERIFY(plan);
    // The CLI's id scheme, the project as the base, the seed as every trial's training seed.
    QCOMPARE(plan->id, std::string("study-20261127-060000"));
    QCOMPARE(plan->spaces.size(), std::size_t{2});
    QCOMPARE(plan->base.training.seed, static_cast<std::int64_t>(plan->seed));
    QVERIFY(plan->drawn.empty());
    form->setSpacesText(QStringLiteral("lr=0.1..0.2\nlr=0.3..0.4"));
    QVERIFY(form->problem().contains(QStringLiteral("searched twice")));
    QVERIFY(!ok->isEnabled());
  }

  // The runner's trainer is faked (the runs "start" and end when the test says): what is tested
  // is the study's step after each end and at each validation, through the real queue runner.
  void aStudyAdvancesThroughTheQueueAndPrunesAWeakTrial() {
    QTemporaryDir dir;
    const QString projectFile = dir.filePath(QStringLiteral("net.convstudio"));
    TrainingController controller;
    int starts = 0;
    RunQueueRunner runner(
        &controller, [&starts](const Project&, const RunStart&) -> Result<RunQueueRunner::Start> {
          ++starts;
          return RunQueueRunner::Start::Started;
        });
    StudyRunner studies(&runner, &controller);
    runner.setProjectFile(projectFile);
    StudyPlan plan = lrStudy(3);
    plan.pruner = {.kind = StudyPruner::Asha, .eta = 3, .min_resource = 8};
    QVERIFY(!studies.start(plan));
    QVERIFY(QTest::qWaitFor([&] { return !runner.activeEntry().isEmpty(); }));
    QCOMPARE(studies.study()->drawn.size(), std::size_t{1});

    // Trial 1 trains and validates at step 8 with 90%, then ends.
    const std::filesystem::path first = local(dir.filePath(QStringLiteral("run-1")));
    writeRun(first, 8, 0.9);
    const QString firstId = runner.activeEntry();
    runner.edit(
        [&](RunQueue& q) { find_queued_run(q, firstId.toStdString())->run_folder = first; });
    RunSummary finished;
    finished.state = RunState::Finished;
    emit controller.finished(finished, QString());
    QVERIFY(QTest::qWaitFor(
        [&] { return !runner.activeEntry().isEmpty() && runner.activeEntry() != firstId; }));
    QCOMPARE(studies.study()->drawn.size(), std::size_t{2});
    QCOMPARE(studies.study()->drawn[0].state, StudyTrialState::Finished);
    QCOMPARE(studies.study()->drawn[0].score, std::optional<double>(0.9));

    // Trial 2 validates at ASHA's first rung far below trial 1: it is pruned and its run ended.
    EpochMetrics weak;
    weak.step = 8;
    weak.val_accuracy = 0.2;
    emit controller.epochEnded(weak);
    QCOMPARE(studies.study()->drawn[1].state, StudyTrialState::Pruned);
    QCOMPARE(studies.study()->drawn[1].score, std::optional<double>(0.2));
    RunSummary stopped;
    stopped.state = RunState::Cancelled;
    emit controller.finished(stopped, QString());
    // The queue goes on (a pruned trial does not pause it as a user's Stop does): trial 3.
    QVERIFY(QTest::qWaitFor([&] { return studies.study()->drawn.size() == 3; }));
    QVERIFY(!runner.isPaused());
    const RunQueue& queue = runner.queue();
    QCOMPARE(queue.runs.size(), std::size_t{3});
    QCOMPARE(queue.runs[1].state, QueuedRunState::Cancelled);
    // The plan on disk is the one shown: the CLI's `study --resume` would continue it.
    Result<StudyPlan> saved = load_study_plan(study_plan_file(local(projectFile), plan.id));
    QVERIFY(saved.ok());
    QCOMPARE(saved.value().drawn[1].state, StudyTrialState::Pruned);
    QCOMPARE(saved.value().drawn.size(), std::size_t{3});
    // Asked again with nothing new (every queue change asks), it draws nothing more.
    studies.update();
    QCOMPARE(runner.queue().runs.size(), std::size_t{3});
    QVERIFY(QTest::qWaitFor([&] { return starts == 3; }));  // trial 3 trains
    QCOMPARE(runner.queue().runs.size(), std::size_t{3});
  }

  // A trial that trains past the study's time per trial is stopped at its next step and kept as
  // pruned with the CLI's reason; the study goes on with the next trial.
  void aTrialPastTheTimeLimitIsStoppedAsPruned() {
    QTemporaryDir dir;
    const QString projectFile = dir.filePath(QStringLiteral("net.convstudio"));
    TrainingController controller;
    RunQueueRunner runner(&controller,
                          [](const Project&, const RunStart&) -> Result<RunQueueRunner::Start> {
                            return RunQueueRunner::Start::Started;
                          });
    StudyRunner studies(&runner, &controller);
    runner.setProjectFile(projectFile);
    StudyPlan plan = lrStudy(2);
    plan.constraints.max_minutes = 1e-9;  // passed by the time the first step is reported
    QVERIFY(!studies.start(plan));
    QVERIFY(QTest::qWaitFor([&] { return !runner.activeEntry().isEmpty(); }));
    const QString firstId = runner.activeEntry();
    EpochMetrics validation;
    validation.step = 4;
    validation.val_accuracy = 0.6;
    emit controller.epochEnded(validation);
    QCOMPARE(studies.study()->drawn[0].state, StudyTrialState::Queued);  // no pruner: trains on
    StepMetrics step;
    step.step = 5;
    emit controller.stepped(step);
    QCOMPARE(studies.study()->drawn[0].state, StudyTrialState::Pruned);
    QCOMPARE(studies.study()->drawn[0].score, std::optional<double>(0.6));
    QVERIFY2(studies.study()->drawn[0].refusal.find("time limit") != std::string::npos,
             studies.study()->drawn[0].refusal.c_str());
    RunSummary stopped;
    stopped.state = RunState::Cancelled;
    emit controller.finished(stopped, QString());
    QVERIFY(QTest::qWaitFor([&] { return studies.study()->drawn.size() == 2; }));
    QVERIFY(runner.activeEntry() != firstId);
    QCOMPARE(runner.queue().runs[0].state, QueuedRunState::Cancelled);
  }

  void theSearchTabSetsTheTimePerTrial() {
    SweepDialog dialog(lenet5(), "20261127-060000");
    dialog.showSearch();
    StudySearchForm* form = dialog.searchForm();
    form->setSpacesText(QStringLiteral("lr=log:1e-4..1"));
    QVERIFY(!dialog.studyPlan()->constraints.max_minutes);  // no limit by default
    auto* minutes = form->findChild<QDoubleSpinBox*>(QStringLiteral("studyMaxMinutes"));
    QVERIFY(minutes);
    minutes->setValue(2.5);
    QCOMPARE(dialog.studyPlan()->constraints.max_minutes, std::optional<double>(2.5));
  }

  void theTableMarksPrunedTrialsAndListsRefusedOnes() {
    StudyPlan plan = lrStudy(3);
    plan.drawn.resize(3);
    plan.drawn[0] = {{0.01, 0.9}, "lr=0.01", StudyTrialState::Finished, "1", 0.8, "", {}};
    plan.drawn[1] = {{0.5, 0.9}, "lr=0.5", StudyTrialState::Pruned, "2", 0.2, "", {}};
    plan.drawn[2] = {{0.1, 0.9}, "lr=0.1", StudyTrialState::Refused, "", {}, "61.7 k > 1 k", {}};
    std::vector<RecordedRun> runs(2);
    for (int i = 0; i < 2; ++i) {
      runs[i].folder = "/runs/" + std::to_string(i);
      runs[i].name = std::to_string(i);
      runs[i].state = "cancelled";
      runs[i].sweep = plan.id;
      runs[i].queued_run = std::to_string(i + 1);
    }
    RunComparisonModel model;
    model.setRuns(runs);
    model.setStudies({plan});
    QCOMPARE(model.rowCount(), 3);
    QStringList states;
    for (int row = 0; row < 2; ++row) {
      states
          << model.data(model.index(row, RunComparisonModel::kState), Qt::DisplayRole).toString();
    }
    QVERIFY2(states.contains(QStringLiteral("pruned")), qPrintable(states.join(',')));
    const QModelIndex refused = model.index(2, RunComparisonModel::kState);
    QCOMPARE(model.data(refused, Qt::DisplayRole).toString(), QStringLiteral("refused"));
    QVERIFY(model.data(refused, Qt::ToolTipRole).toString().contains(QStringLiteral("61.7 k")));
    QVERIFY(!(model.flags(model.index(2, RunComparisonModel::kRun)) & Qt::ItemIsUserCheckable));
  }

  void theStudyViewDrawsTrainedTrialsOnly() {
    StudyPlan plan = lrStudy(4);
    plan.drawn.resize(3);
    plan.drawn[0] = {{0.01, 0.9}, "a", StudyTrialState::Finished, "1", 0.8, "", {}};
    plan.drawn[1] = {{0.5, 0.85}, "b", StudyTrialState::Pruned, "2", 0.2, "", {}};
    plan.drawn[2] = {{0.1, 0.95}, "c", StudyTrialState::Refused, "", {}, "too big", {}};
    StudyView view;
    view.setStudy(plan);
    QCOMPARE(view.drawnLineCount(), 2);
    QVERIFY(view.applyBestButton()->isEnabled());
    // A log space places 1e-2 halfway between 1e-4 and 1.
    QVERIFY(std::abs(StudyView::axisPosition(plan.spaces[0], 0.01) - 0.5) < 1e-9);
    view.setStudy(std::nullopt);
    QCOMPARE(view.drawnLineCount(), 0);
    QVERIFY(!view.applyBestButton()->isEnabled());
  }

  void applyBestSettingsIsOneUndoableEdit() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("best.convstudio"));
    MainWindow window;
    window.projects()->openExample();
    QVERIFY(window.projects()->saveTo(path).ok());
    QUndoStack* undo = window.document()->undoStack();
    const int before = undo->count();
    const TrainingSettings original = window.document()->project().training;
    StudyPlan plan = lrStudy(2);
    plan.base = window.document()->project();
    plan.drawn.resize(2);
    plan.drawn[0] = {{0.0123, 0.91}, "a", StudyTrialState::Finished, "1", 0.8, "", {}};
    plan.drawn[1] = {{0.5, 0.85}, "b", StudyTrialState::Finished, "2", 0.6, "", {}};
    QVERIFY(!save_study_plan(study_plan_file(local(path), plan.id), plan));
    window.training()->queue()->studies()->update();
    StudyView* view = window.training()->runs()->studyView();
    QVERIFY(view->study());
    QTest::mouseClick(view->applyBestButton(), Qt::LeftButton);
    QCOMPARE(window.document()->project().training.optimizer.lr, 0.0123);
    QCOMPARE(window.document()->project().training.optimizer.momentum, 0.91);
    QCOMPARE(undo->count(), before + 1);
    undo->undo();
    QVERIFY(window.document()->project().training == original);
  }
};

}  // namespace convstudio

QTEST_MAIN(convstudio::StudySearchTest)
#include "study_search_test.moc"
