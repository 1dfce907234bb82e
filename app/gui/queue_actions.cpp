#include "queue_actions.h"

#include <QMessageBox>

#include "convstudio/runs/run_comparison.h"
#include "convstudio/runs/sweep.h"
#include "study_runner.h"
#include "training/run_queue_view.h"
#include "training/sweep_dialog.h"

namespace convstudio {

QueueActions::QueueActions(QueueHost host, TrainingController* controller,
                           RunQueueRunner::StartRun startRun, QObject* parent)
    : QObject(parent), host_(std::move(host)) {
  runner_ = new RunQueueRunner(controller, std::move(startRun), this);
  studies_ = new StudyRunner(runner_, controller, this);
  view_ = new RunQueueView(host_.window);
  connect(runner_, &RunQueueRunner::queueChanged, this, &QueueActions::refresh);
  connect(runner_, &RunQueueRunner::progressChanged, view_, &RunQueueView::setProgress);
  connect(view_, &RunQueueView::queueCurrentRequested, this, &QueueActions::queueCurrentSettings);
  connect(view_, &RunQueueView::sweepRequested, this, &QueueActions::showSweepDialog);
  connect(view_, &RunQueueView::moveRequested, runner_, &RunQueueRunner::move);
  connect(view_, &RunQueueView::removeRequested, runner_, &RunQueueRunner::remove);
  connect(view_, &RunQueueView::pauseRequested, runner_, &RunQueueRunner::setPaused);
  refresh();
}

QList<QAction*> QueueActions::actions() const {
  return view_->actions();
}

SweepDialog* QueueActions::sweepDialog() const {
  return sweepDialog_.data();
}

void QueueActions::refresh() {
  view_->setQueue(runner_->queue(), runner_->activeEntry());
}

void QueueActions::queueCurrentSettings() {
  if (!host_.project) return;
  QueuedRun run;
  run.project = host_.project();
  const TrainingSettings& training = run.project.training;
  run.label = tr("lr %1, batch %2, graph %3")
                  .arg(training.optimizer.lr)
                  .arg(training.batch_size)
                  .arg(QString::fromStdString(graph_version(run.project.graph)))
                  .toStdString();
  std::vector<QueuedRun> runs;
  runs.push_back(std::move(run));
  if (const std::optional<Error> failed = runner_->add(std::move(runs))) report(*failed);
}

void QueueActions::showSweepDialog() {
  if (!host_.project || sweepDialog_) return;
  auto* dialog = new SweepDialog(host_.project(), new_sweep_id(runner_->queue()), host_.window);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  sweepDialog_ = dialog;
  connect(dialog, &QDialog::accepted, this, [this, dialog] {
    if (dialog->isSearch()) {
      if (const std::optional<StudyPlan> plan = dialog->studyPlan()) {
        if (const std::optional<Error> failed = studies_->start(*plan)) report(*failed);
      }
      return;
    }
    if (const std::optional<Error> failed = runner_->add(dialog->runs())) report(*failed);
  });
  dialog->open();
}

bool QueueActions::confirmStop(QWidget* parent) {
  const auto answer = QMessageBox::question(
      parent, tr("Run Queue in Progress"),
      tr("The run queue is training (%n run(s) not yet done). Stop it and close? The run that "
         "is training resumes from its last checkpoint when this project is opened again.",
         nullptr, runner_->pendingCount()),
      QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
  if (answer != QMessageBox::Yes) return false;
  runner_->stopForClose();
  return true;
}

void QueueActions::report(const Error& problem) {
  QMessageBox::warning(
      host_.window, tr("Run Queue"),
      tr("The queue was not changed: %1").arg(QString::fromStdString(problem.describe())));
}

}  // namespace convstudio
