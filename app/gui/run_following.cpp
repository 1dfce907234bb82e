#include "run_following.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

#include <chrono>

#include "convstudio/runs/run_follower.h"
#include "convstudio/runs/run_recorder.h"
#include "engine_text.h"
#include "file_path.h"
#include "project_controller.h"
#include "run_follow_watcher.h"
#include "training/confusion_panel.h"
#include "training/follow_badge.h"
#include "training/misclassified_gallery.h"
#include "training/runs_list.h"
#include "training/training_charts.h"
#include "training/training_log_view.h"
#include "training/training_progress_view.h"
#include "training_cockpit.h"
#include "training_controller.h"

namespace convstudio {
namespace {

// One file named two ways ("a/./p.convstudio", a link) is one project.
bool samePlace(const QString& a, const QString& b) {
  const auto place = [](const QString& path) {
    const QFileInfo info(path);
    return info.exists() ? info.canonicalFilePath() : info.absoluteFilePath();
  };
  return !a.isEmpty() && !b.isEmpty() && place(a) == place(b);
}

}  // namespace

RunFollowing::RunFollowing(ProjectController* projects, TrainingCockpit* cockpit, QWidget* window)
    : QObject(window), projects_(projects), cockpit_(cockpit), window_(window) {
  open_ = new QAction(tr("Open &Run…"), this);
  open_->setObjectName(QStringLiteral("openRunAction"));
  open_->setToolTip(
      tr("Show a run folder in the cockpit and follow it while it trains: a run of the "
         "command line, or of another machine whose folder is mounted here"));
  connect(open_, &QAction::triggered, this, &RunFollowing::openRun);
  badge_ = new FollowBadge(cockpit_->charts());
  badge_->hide();
  cockpit_->charts()->addAboveCharts(badge_);
  connect(badge_, &FollowBadge::stopRequested, this, [this] {
    stop();
    cockpit_->progress()->showMessage(tr("Stopped following; the charts show the run as it was."));
  });
  // A run started here takes the charts; another project takes the cockpit.
  connect(cockpit_->controller(), &TrainingController::stateChanged, this, [this] {
    if (cockpit_->controller()->isRunning()) stop();
  });
  connect(projects_, &ProjectController::projectChanged, this, [this] {
    if (watcher_ && !samePlace(projects_->runsOwnerFile(), owner_)) stop();
  });
}

RunFollowing::~RunFollowing() = default;

QString RunFollowing::folder() const {
  return watcher_ ? watcher_->folder() : QString();
}

void RunFollowing::openRun() {
  const QString owner = projects_->isOpen() ? projects_->runsOwnerFile() : QString();
  const QString start = owner.isEmpty() ? QDir::homePath() : qtPath(runs_folder(fsPath(owner)));
  const QString chosen =
      QFileDialog::getExistingDirectory(window_, tr("Open Run (a run folder)"), start);
  if (chosen.isEmpty()) return;
  if (const std::optional<Error> error = follow(chosen)) {
    QMessageBox::warning(window_, tr("Open Run"), errorText(*error));
  }
}

std::optional<Error> RunFollowing::follow(const QString& folder) {
  if (cockpit_->controller()->isRunning()) {
    return Error::in_file(
        fsPath(folder).string(),
        tr("A run is training here; stop it before following another.").toStdString());
  }
  Result<RunFollower> opened = RunFollower::open(fsPath(folder));
  if (!opened) return opened.error();
  stop();
  bool cancelled = false;
  if (std::optional<Error> error = openProjectOf(folder, cancelled)) return error;
  if (cancelled) return std::nullopt;
  owner_ = projects_->runsOwnerFile();
  watcher_ = new RunFollowWatcher(std::move(opened).value(), this);
  connect(watcher_, &RunFollowWatcher::updated, this, &RunFollowing::show);
  connect(watcher_, &RunFollowWatcher::looked, this, [this] {
    problem_.clear();
    updateBadge();
  });
  connect(watcher_, &RunFollowWatcher::problem, this, [this](const QString& problem) {
    problem_ = problem;
    updateBadge();
  });

  // As a run started here: the charts and progress start over, then the record so far comes.
  const RecordedRun& run = watcher_->follower().run();
  cockpit_->charts()->beginRun(run.project ? run.project->training : TrainingSettings{});
  cockpit_->confusion()->clear();
  cockpit_->gallery()->clear();
  cockpit_->progress()->beginRun(QString());
  cockpit_->progress()->showMessage(tr("Following %1").arg(QDir::toNativeSeparators(folder)));
  cockpit_->log()->addText(LogLevel::Info,
                           tr("Following the run in %1").arg(QDir::toNativeSeparators(folder)));
  cockpit_->chartsDock()->show();
  cockpit_->chartsDock()->raise();
  // A run that had ended when it was opened says so once; one ending now, through show().
  const bool endedBefore = watcher_->follower().ended();
  watcher_->poll();
  if (endedBefore) showEnd();
  updateBadge();
  emit checkpointsChanged();
  return std::nullopt;
}

std::optional<Error> RunFollowing::openProjectOf(const QString& folder, bool& cancelled) {
  const std::optional<std::filesystem::path> owner = owning_project_file(fsPath(folder));
  const QString ownerFile = owner ? qtPath(*owner) : QString();
  if (projects_->isOpen() && samePlace(ownerFile, projects_->runsOwnerFile())) return std::nullopt;
  // Asked before anything is replaced; Cancel leaves everything as it was (no error to show).
  cancelled = false;
  if (ownerFile.endsWith(QStringLiteral(".convstudio")) && QFileInfo::exists(ownerFile)) {
    if (!projects_->confirmReplace()) {
      cancelled = true;
      return std::nullopt;
    }
    const std::vector<Error> errors = projects_->openFile(ownerFile);
    if (!errors.empty()) return errors.front();
    return std::nullopt;
  }
  // Kept away from its project (train --out, a copied folder): the project as the run started,
  // which run.json keeps, opens as an unsaved project (its runs stay where they are).
  const std::optional<RecordedRun> run = load_recorded_run(fsPath(folder), RunDetail::Summary);
  if (!run || !run->project) return std::nullopt;  // an old run: shown with the open project
  if (!projects_->confirmReplace()) {
    cancelled = true;
    return std::nullopt;
  }
  projects_->reopenUnsavedProject(*run->project, {},
                                  tr("Run %1").arg(QString::fromStdString(run->name)));
  return std::nullopt;
}

void RunFollowing::stop() {
  if (!watcher_) return;
  // Later: stop may be reached from one of its own signals' slots.
  watcher_->disconnect(this);
  watcher_->deleteLater();
  watcher_ = nullptr;
  owner_.clear();
  problem_.clear();
  remoteTarget_.clear();
  remoteTrouble_.clear();
  badge_->hide();
  emit checkpointsChanged();
}

void RunFollowing::show(const RunFollowUpdate& update) {
  TrainingCharts* charts = cockpit_->charts();
  if (update.restarted) {
    const RecordedRun& run = watcher_->follower().run();
    charts->beginRun(run.project ? run.project->training : TrainingSettings{});
    cockpit_->confusion()->clear();
  }
  // Steps and epochs in the file's order: an epoch is drawn at the step it ended at.
  const std::vector<RecordedEpoch>& epochs = update.metrics.epochs;
  auto epoch = epochs.begin();
  const auto addEpoch = [&](const RecordedEpoch& ended) {
    charts->addEpoch(ended);
    if (!ended.confusion.empty()) cockpit_->confusion()->showEpoch(ended);
  };
  for (const RecordedStep& step : update.metrics.steps) {
    for (; epoch != epochs.end() && epoch->step < step.step(); ++epoch) addEpoch(*epoch);
    charts->addStep(step.metrics());
  }
  for (; epoch != epochs.end(); ++epoch) addEpoch(*epoch);
  if (!update.metrics.steps.empty()) {
    cockpit_->progress()->showStep(update.metrics.steps.back().metrics());
  }
  const RunFollower& follower = watcher_->follower();
  if (update.state_changed) {
    cockpit_->runs()->reload();
    if (follower.ended()) showEnd();
  }
  if (!update.checkpoints.empty() || update.state_changed) emit checkpointsChanged();
}

void RunFollowing::showEnd() {
  const RunFollower& follower = watcher_->follower();
  const QString outcome = tr("The followed run %1 ended: %2")
                              .arg(QString::fromStdString(follower.run().name),
                                   RunsList::stateText(follower.run().state));
  cockpit_->log()->addText(LogLevel::Info, outcome);
  cockpit_->progress()->showOutcome(outcome);
}

void RunFollowing::setRemote(const QString& target, const QString& trouble) {
  remoteTarget_ = target;
  remoteTrouble_ = trouble;
  updateBadge();
}

void RunFollowing::updateBadge() {
  if (!watcher_) return;
  const RunFollower& follower = watcher_->follower();
  QString name = QString::fromStdString(follower.run().name);
  if (!remoteTarget_.isEmpty()) name = tr("%1 on %2").arg(name, remoteTarget_);
  const auto written = follower.metrics_written();
  if (!remoteTrouble_.isEmpty() && !follower.ended()) {
    badge_->showReconnecting(name, remoteTrouble_);
  } else if (!problem_.isEmpty()) {
    badge_->showUnreachable(name, problem_);
  } else if (follower.ended()) {
    const QDateTime when =
        written
            ? QDateTime::fromMSecsSinceEpoch(
                  std::chrono::duration_cast<std::chrono::milliseconds>(written->time_since_epoch())
                      .count())
            : QDateTime::currentDateTime();
    badge_->showEnded(name, RunsList::stateText(follower.run().state), when);
  } else {
    std::optional<double> lag;
    if (written) {
      lag = std::chrono::duration<double>(std::chrono::system_clock::now() - *written).count();
    }
    badge_->showFollowing(name, lag);
  }
  badge_->show();
}

}  // namespace convstudio
