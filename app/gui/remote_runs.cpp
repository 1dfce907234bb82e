#include "remote_runs.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QThread>

#include <memory>

#include "engine_text.h"
#include "project_controller.h"
#include "remote_run_mirror.h"
#include "run_following.h"
#include "run_on_dialog.h"
#include "training/training_progress_view.h"
#include "training_cockpit.h"

namespace convstudio {
namespace {

QString remoteStateText(RemoteRunState state) {
  switch (state) {
    case RemoteRunState::Running:
      return RemoteRuns::tr("running");
    case RemoteRunState::Finished:
      return RemoteRuns::tr("finished");
    case RemoteRunState::Stopped:
      return RemoteRuns::tr("stopped");
    case RemoteRunState::Failed:
      return RemoteRuns::tr("failed");
  }
  return {};
}

}  // namespace

RemoteRuns::RemoteRuns(ProjectController* projects, TrainingCockpit* cockpit,
                       RunFollowing* following, QWidget* window)
    : QObject(window),
      projects_(projects),
      cockpit_(cockpit),
      following_(following),
      window_(window) {
  runOn_ = new QAction(tr("Run &On…"), this);
  runOn_->setObjectName(QStringLiteral("runOnAction"));
  runOn_->setToolTip(
      tr("Train the saved project on another machine over SSH, directly or "
         "through SLURM, and follow it here"));
  connect(runOn_, &QAction::triggered, this, &RemoteRuns::runOn);
  stop_ = new QAction(tr("Stop Remote Run"), this);
  stop_->setObjectName(QStringLiteral("stopRemoteRunAction"));
  stop_->setEnabled(false);
  connect(stop_, &QAction::triggered, this, [this] {
    if (!mirror_) return;
    message(tr("Stopping the run on %1…").arg(mirror_->targetName()));
    mirror_->stopRun();
  });
}

void RemoteRuns::runOn() {
  if (projects_->filePath().isEmpty() || projects_->isModified()) {
    QMessageBox::information(window_, tr("Run On"),
                             tr("Save the project first: the saved file is what is copied."));
    return;
  }
  RunOnDialog dialog(projects_->filePath(), window_);
  if (dialog.exec() != QDialog::Accepted) return;
  submit(dialog.target(), dialog.request());
}

void RemoteRuns::submit(const RemoteTarget& target, const SubmitRequest& request) {
  Result<SubmitPlan> plan = plan_submission(target, request);
  if (!plan) {
    message(tr("Cannot submit: %1").arg(errorText(plan.error())));
    return;
  }
  message(
      tr("Copying the project to %1 and starting it…").arg(QString::fromStdString(target.name)));
  runOn_->setEnabled(false);
  auto result = std::make_shared<std::optional<Result<RemoteRun>>>();
  QThread* submitting = QThread::create([target, request, plan = plan.value(), result] {
    *result = submit_remote_run(target, request, plan);
  });
  connect(submitting, &QThread::finished, this, [this, result] {
    runOn_->setEnabled(true);
    if (!**result) {
      message(tr("The run could not be submitted: %1").arg(errorText((*result)->error())));
      return;
    }
    follow(std::move((*result)->value()));
  });
  connect(submitting, &QThread::finished, submitting, &QObject::deleteLater);
  submitting->start();
}

void RemoteRuns::follow(RemoteRun run) {
  delete mirror_;
  followed_ = false;
  const QString where = QString::fromStdString(run.target.name);
  message(
      run.launch == RemoteLaunch::Slurm
          ? tr("Submitted to %1 as SLURM job %2.").arg(where, QString::fromStdString(run.job_id))
          : tr("Started on %1 (process %2).").arg(where).arg(run.pid));
  mirror_ = new RemoteRunMirror(std::move(run), this);
  stop_->setEnabled(true);
  connect(mirror_, &RemoteRunMirror::mirrored, this, &RemoteRuns::onMirrored);
  connect(mirror_, &RemoteRunMirror::ended, this, &RemoteRuns::onEnded);
  connect(mirror_, &RemoteRunMirror::reconnecting, this, [this](const QString& problem, int delay) {
    following_->setRemote(mirror_->targetName(),
                          tr("%1 (next try in %2 s)").arg(problem).arg(delay));
  });
  connect(mirror_, &RemoteRunMirror::reconnected, this,
          [this] { following_->setRemote(mirror_->targetName(), {}); });
  connect(mirror_, &RemoteRunMirror::failed, this, [this](const QString& problem) {
    message(tr("Following the remote run stopped: %1").arg(problem));
    stop_->setEnabled(false);
  });
  connect(mirror_, &RemoteRunMirror::stopSent, this, [this](const QString& problem) {
    message(problem.isEmpty() ? tr("Stop sent; the run writes its checkpoint and ends.")
                              : tr("Stop could not be sent: %1").arg(problem));
  });
}

void RemoteRuns::onMirrored() {
  if (followed_ || !QFileInfo::exists(QDir(mirror_->mirrorFolder()).filePath("run.json"))) return;
  followed_ = true;
  if (auto error = following_->follow(mirror_->mirrorFolder())) {
    message(tr("The mirrored run cannot be shown: %1").arg(errorText(*error)));
    return;
  }
  following_->setRemote(mirror_->targetName(), {});
}

void RemoteRuns::onEnded(RemoteRunState state) {
  stop_->setEnabled(false);
  if (!followed_) onMirrored();
  message(tr("The run on %1 %2; its folder, checkpoints included, is in %3.")
              .arg(mirror_->targetName(), remoteStateText(state), mirror_->mirrorFolder()));
}

void RemoteRuns::message(const QString& text) {
  cockpit_->progress()->showMessage(text);
}

}  // namespace convstudio
