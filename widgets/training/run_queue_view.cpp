#include "run_queue_view.h"

#include <algorithm>

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QToolBar>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "setting_text.h"

namespace convstudio {
namespace {

enum Column { kLabel, kState, kProgress };

}  // namespace

RunQueueView::RunQueueView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("runQueueView"));
  list_ = new QTreeWidget(this);
  list_->setObjectName(QStringLiteral("queuedRuns"));
  list_->setHeaderLabels({tr("Run"), tr("State"), tr("Progress")});
  list_->setRootIsDecorated(false);
  list_->setAlternatingRowColors(true);
  list_->setSelectionMode(QAbstractItemView::SingleSelection);
  list_->header()->setStretchLastSection(false);
  list_->header()->setSectionResizeMode(kLabel, QHeaderView::Stretch);
  list_->header()->setSectionResizeMode(kState, QHeaderView::ResizeToContents);
  list_->header()->setSectionResizeMode(kProgress, QHeaderView::Fixed);
  list_->header()->resizeSection(kProgress, 90);
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);

  QStyle* style = this->style();
  queueCurrent_ = new QAction(tr("Queue Current Settings"), this);
  queueCurrent_->setObjectName(QStringLiteral("queueCurrentAction"));
  queueCurrent_->setIconText(tr("Queue"));
  queueCurrent_->setToolTip(tr("Add a run of the model and settings as they are now to the queue"));
  sweep_ = new QAction(tr("Sweep…"), this);
  sweep_->setObjectName(QStringLiteral("sweepAction"));
  sweep_->setToolTip(tr("Queue every combination of the values of one or two settings"));
  moveUp_ = new QAction(style->standardIcon(QStyle::SP_ArrowUp), tr("Move Up"), this);
  moveUp_->setObjectName(QStringLiteral("moveQueuedRunUpAction"));
  moveDown_ = new QAction(style->standardIcon(QStyle::SP_ArrowDown), tr("Move Down"), this);
  moveDown_->setObjectName(QStringLiteral("moveQueuedRunDownAction"));
  remove_ = new QAction(style->standardIcon(QStyle::SP_TrashIcon), tr("Remove from Queue"), this);
  remove_->setObjectName(QStringLiteral("removeQueuedRunAction"));
  remove_->setIconText(tr("Remove"));
  remove_->setToolTip(tr("Remove the selected run from the queue (a running one is stopped)"));
  pause_ = new QAction(tr("Pause Queue"), this);
  pause_->setObjectName(QStringLiteral("pauseQueueAction"));

  auto* toolbar = new QToolBar(this);
  toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  toolbar->addActions({queueCurrent_, sweep_, pause_});
  auto* order = new QToolBar(this);
  order->setToolButtonStyle(Qt::ToolButtonIconOnly);
  order->addActions({moveUp_, moveDown_, remove_});
  auto* bar = new QHBoxLayout;
  bar->addWidget(toolbar, 1);
  bar->addWidget(order);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(bar);
  layout->addWidget(list_, 1);
  layout->addWidget(summary_);

  connect(queueCurrent_, &QAction::triggered, this, &RunQueueView::queueCurrentRequested);
  connect(sweep_, &QAction::triggered, this, &RunQueueView::sweepRequested);
  connect(moveUp_, &QAction::triggered, this, [this] {
    if (selectedRow() >= 0) emit moveRequested(entryId(selectedRow()), -1);
  });
  connect(moveDown_, &QAction::triggered, this, [this] {
    if (selectedRow() >= 0) emit moveRequested(entryId(selectedRow()), +1);
  });
  connect(remove_, &QAction::triggered, this, [this] {
    if (selectedRow() >= 0) emit removeRequested(entryId(selectedRow()));
  });
  connect(pause_, &QAction::triggered, this, [this] { emit pauseRequested(!queue_.paused); });
  connect(list_, &QTreeWidget::itemSelectionChanged, this, &RunQueueView::updateActions);
  updateActions();
}

QList<QAction*> RunQueueView::actions() const {
  return {queueCurrent_, sweep_, moveUp_, moveDown_, remove_, pause_};
}

QString RunQueueView::stateText(QueuedRunState state) {
  switch (state) {
    case QueuedRunState::Queued:
      return tr("waiting");
    case QueuedRunState::Running:
      return tr("running");
    case QueuedRunState::Finished:
      return tr("finished");
    case QueuedRunState::Failed:
      return tr("failed");
    case QueuedRunState::Cancelled:
      return tr("stopped");
  }
  return {};
}

void RunQueueView::setQueue(const RunQueue& queue, const QString& active) {
  const QString selected = selectedRow() >= 0 ? entryId(selectedRow()) : QString();
  queue_ = queue;
  if (active != active_) activeProgress_ = 0;
  active_ = active;
  const QSignalBlocker blocker(list_);
  list_->clear();
  int waiting = 0;
  for (const QueuedRun& run : queue_.runs) {
    auto* item = new QTreeWidgetItem(list_);
    const QString id = QString::fromStdString(run.id);
    item->setText(kLabel, run.label.empty() ? tr("Run %1").arg(id) : sweepLabelText(run.label));
    // A Running entry that is not training was interrupted: it resumes when the queue goes on.
    const bool interrupted = run.state == QueuedRunState::Running && id != active_;
    // A stopped run waits with its folder and checkpoint, to go on where it stopped.
    const bool stopped = run.state == QueuedRunState::Queued && !run.run_folder.empty();
    item->setText(kState, interrupted ? tr("interrupted")
                          : stopped   ? tr("stopped, to resume")
                                      : stateText(run.state));
    QString tip = tr("Queue entry %1").arg(id);
    if (!run.sweep.empty()) tip += tr(", sweep %1").arg(QString::fromStdString(run.sweep));
    if (!run.run_folder.empty())
      tip += QStringLiteral("\n") + QString::fromStdString(run.run_folder);
    item->setToolTip(kLabel, tip);
    if (run.state == QueuedRunState::Queued) ++waiting;
    if (id == active_) {
      auto* bar = new QProgressBar(list_);
      bar->setRange(0, 1000);
      bar->setValue(static_cast<int>(activeProgress_ * 1000));
      bar->setTextVisible(true);
      list_->setItemWidget(item, kProgress, bar);
    }
    if (id == selected) item->setSelected(true);
  }
  if (queue_.runs.empty()) {
    summary_->setText(tr("Nothing queued. Queue the current settings, or a sweep of them."));
  } else if (queue_.paused) {
    summary_->setText(tr("Paused: %n run(s) waiting.", nullptr, waiting));
  } else {
    summary_->setText(tr("%n run(s) waiting.", nullptr, waiting));
  }
  updateActions();
}

void RunQueueView::setProgress(const QString& id, double fraction) {
  if (id == active_) activeProgress_ = std::clamp(fraction, 0.0, 1.0);
  for (int row = 0; row < entryCount(); ++row) {
    if (entryId(row) != id) continue;
    if (auto* bar =
            qobject_cast<QProgressBar*>(list_->itemWidget(list_->topLevelItem(row), kProgress))) {
      bar->setValue(static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 1000));
    }
  }
}

void RunQueueView::setQueueingAllowed(bool allowed, const QString& why) {
  queueingAllowed_ = allowed;
  queueCurrent_->setToolTip(allowed ? tr("Add a run of the model and settings as they are now to "
                                         "the queue")
                                    : why);
  sweep_->setToolTip(allowed ? tr("Queue every combination of the values of one or two settings")
                             : why);
  updateActions();
}

int RunQueueView::entryCount() const {
  return list_->topLevelItemCount();
}

QString RunQueueView::entryId(int row) const {
  if (row < 0 || row >= static_cast<int>(queue_.runs.size())) return {};
  return QString::fromStdString(queue_.runs[static_cast<std::size_t>(row)].id);
}

int RunQueueView::selectedRow() const {
  const QList<QTreeWidgetItem*> selected = list_->selectedItems();
  return selected.isEmpty() ? -1 : list_->indexOfTopLevelItem(selected.front());
}

void RunQueueView::selectRow(int row) {
  list_->clearSelection();
  if (QTreeWidgetItem* item = list_->topLevelItem(row)) item->setSelected(true);
}

QString RunQueueView::text(int row, int column) const {
  QTreeWidgetItem* item = list_->topLevelItem(row);
  if (!item) return {};
  if (auto* bar = qobject_cast<QProgressBar*>(list_->itemWidget(item, column))) return bar->text();
  return item->text(column);
}

void RunQueueView::updateActions() {
  const int row = selectedRow();
  const bool waiting =
      row >= 0 && queue_.runs[static_cast<std::size_t>(row)].state == QueuedRunState::Queued;
  queueCurrent_->setEnabled(queueingAllowed_);
  sweep_->setEnabled(queueingAllowed_);
  moveUp_->setEnabled(waiting && row > 0);
  moveDown_->setEnabled(waiting && row + 1 < static_cast<int>(queue_.runs.size()));
  remove_->setEnabled(row >= 0);
  pause_->setText(queue_.paused ? tr("Resume Queue") : tr("Pause Queue"));
  pause_->setIconText(queue_.paused ? tr("Resume") : tr("Pause"));
}

}  // namespace convstudio
