#include "runs_list.h"

#include <QDesktopServices>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

namespace convstudio {

RunsList::RunsList(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("runsList"));
  list_ = new QListWidget(this);
  list_->setObjectName(QStringLiteral("runs"));
  list_->setAlternatingRowColors(true);
  auto* hint = new QLabel(tr("Check runs to overlay their loss on the loss chart."), this);
  hint->setWordWrap(true);
  auto* refresh = new QPushButton(tr("Refresh"), this);
  auto* openFolder = new QPushButton(tr("Open Folder"), this);
  openFolder->setToolTip(tr("Show the selected run's files (settings, metrics, checkpoints)"));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(refresh);
  buttons->addWidget(openFolder);
  buttons->addStretch();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(hint);
  layout->addWidget(list_, 1);
  layout->addLayout(buttons);

  connect(refresh, &QPushButton::clicked, this, &RunsList::reload);
  connect(openFolder, &QPushButton::clicked, this, [this] {
    const int row = list_->currentRow();
    if (row < 0 || row >= runCount()) return;
    QDesktopServices::openUrl(QUrl::fromLocalFile(
        QString::fromStdString(runs_[static_cast<std::size_t>(row)].folder.string())));
  });
  connect(list_, &QListWidget::itemChanged, this, [this] { emit overlaysChanged(checkedRuns()); });
}

void RunsList::setProjectFile(const QString& projectFile) {
  if (projectFile == projectFile_) return;
  projectFile_ = projectFile;
  reload();
}

QString RunsList::stateText(const std::string& state) {
  if (state == "running") return tr("running");
  if (state == "finished") return tr("finished");
  if (state == "cancelled") return tr("stopped");
  if (state == "failed") return tr("failed");
  return QString::fromStdString(state);
}

void RunsList::reload() {
  // Keep what was checked, by folder, across the reload.
  std::vector<std::filesystem::path> checked;
  for (const RecordedRun& run : checkedRuns()) checked.push_back(run.folder);
  runs_ = projectFile_.isEmpty() ? std::vector<RecordedRun>{}
                                 : list_recorded_runs(std::filesystem::path(
                                       QFile::encodeName(projectFile_).toStdString()));
  const QSignalBlocker blocker(list_);
  list_->clear();
  for (const RecordedRun& run : runs_) {
    QString text = tr("%1 — %2").arg(QString::fromStdString(run.name), stateText(run.state));
    if (!run.epochs.empty()) {
      text += tr(" — validation accuracy %1%").arg(run.epochs.back().val_accuracy * 100, 0, 'f', 1);
    }
    text += QStringLiteral("\n") + QString::fromStdString(run.settings_summary);
    auto* item = new QListWidgetItem(text, list_);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    const bool wasChecked = std::find(checked.begin(), checked.end(), run.folder) != checked.end();
    item->setCheckState(wasChecked ? Qt::Checked : Qt::Unchecked);
    item->setToolTip(
        tr("%1 steps recorded; started %2; %3")
            .arg(run.steps.size())
            .arg(QString::fromStdString(run.started), QString::fromStdString(run.folder.string())));
  }
  emit overlaysChanged(checkedRuns());
  emit reloaded();
}

void RunsList::setChecked(int row, bool checked) {
  if (QListWidgetItem* item = list_->item(row)) {
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
  }
}

std::vector<RecordedRun> RunsList::checkedRuns() const {
  std::vector<RecordedRun> result;
  for (int row = 0; row < list_->count() && row < runCount(); ++row) {
    if (list_->item(row)->checkState() == Qt::Checked) {
      result.push_back(runs_[static_cast<std::size_t>(row)]);
    }
  }
  return result;
}

}  // namespace convstudio
