#include "runs_list.h"

#include <QDesktopServices>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

#include "convstudio/io/atomic_write.h"
#include "convstudio/runs/study_progress.h"
#include "engine_text.h"
#include "run_comparison_model.h"
#include "study_view.h"

namespace convstudio {

RunsList::RunsList(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("runsList"));
  model_ = new RunComparisonModel(this);
  proxy_ = new QSortFilterProxyModel(this);
  proxy_->setSourceModel(model_);
  proxy_->setSortRole(RunComparisonModel::kSortRole);
  table_ = new QTableView(this);
  table_->setObjectName(QStringLiteral("runs"));
  table_->setModel(proxy_);
  table_->setAlternatingRowColors(true);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->verticalHeader()->hide();
  table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->setSortingEnabled(true);
  // Newest first, a sweep's runs together, until the user sorts by a column.
  table_->sortByColumn(-1, Qt::AscendingOrder);
  auto* hint = new QLabel(
      tr("Check runs to overlay them on the loss, accuracy and memory charts. Click a column "
         "to sort by it; sort by Sweep to see a sweep's runs by their values."),
      this);
  hint->setWordWrap(true);
  auto* refresh = new QPushButton(tr("Refresh"), this);
  auto* openFolder = new QPushButton(tr("Open Folder"), this);
  openFolder->setToolTip(tr("Show the selected run's files (settings, metrics, checkpoints)"));
  auto* csv = new QPushButton(tr("Export CSV…"), this);
  csv->setObjectName(QStringLiteral("exportComparisonButton"));
  csv->setToolTip(tr("The table as a CSV file, every run with its differing settings and figures"));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(refresh);
  buttons->addWidget(openFolder);
  buttons->addWidget(csv);
  buttons->addStretch();
  auto* runsPage = new QWidget(this);
  auto* runsLayout = new QVBoxLayout(runsPage);
  runsLayout->setContentsMargins(0, 0, 0, 0);
  runsLayout->addWidget(hint);
  runsLayout->addWidget(table_, 1);
  runsLayout->addLayout(buttons);
  studyView_ = new StudyView(this);
  tabs_ = new QTabWidget(this);
  tabs_->setObjectName(QStringLiteral("runsTabs"));
  tabs_->setDocumentMode(true);
  tabs_->addTab(runsPage, tr("Table"));
  tabs_->addTab(studyView_, tr("Study"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(tabs_, 1);

  connect(refresh, &QPushButton::clicked, this, &RunsList::reload);
  connect(csv, &QPushButton::clicked, this, &RunsList::exportCsvInteractively);
  connect(openFolder, &QPushButton::clicked, this, [this] {
    const QModelIndex current = proxy_->mapToSource(table_->currentIndex());
    if (!current.isValid() || current.row() >= runCount()) return;
    QDesktopServices::openUrl(QUrl::fromLocalFile(
        QString::fromStdString(runs()[static_cast<std::size_t>(current.row())].folder.string())));
  });
  connect(model_, &RunComparisonModel::checksChanged, this,
          [this] { emit overlaysChanged(checkedRuns()); });
}

const std::vector<RecordedRun>& RunsList::runs() const {
  return model_->runs();
}

void RunsList::setProjectFile(const QString& projectFile) {
  if (projectFile == projectFile_) return;
  projectFile_ = projectFile;
  reload();
}

QString RunsList::stateText(const std::string& state) {
  // The engine's word (run_state_word: "cancelled" reads "stopped", as in the CSV), translated.
  const std::string word = run_state_word(state);
  if (word == "running") return tr("running");
  if (word == "finished") return tr("finished");
  if (word == "stopped") return tr("stopped");
  if (word == "failed") return tr("failed");
  if (word == "pruned") return tr("pruned");
  return QString::fromStdString(word);
}

void RunsList::showStudy() {
  tabs_->setCurrentWidget(studyView_);
}

void RunsList::reloadStudies() {
  std::vector<StudyPlan> plans;
  if (!projectFile_.isEmpty()) {
    const std::filesystem::path project(QFile::encodeName(projectFile_).toStdString());
    for (const std::string& id : project_studies(project)) {
      if (Result<StudyPlan> plan = load_study_plan(study_plan_file(project, id))) {
        plans.push_back(std::move(plan).value());
      }
    }
  }
  model_->setStudies(std::move(plans));
}

void RunsList::reload() {
  reloadStudies();
  // Without their steps: reading every step of every run took 0.5-0.8 s on the UI thread for 50
  // runs of three lenet5 epochs; the checked runs' steps are read when they are overlaid.
  curves_.clear();
  model_->setRuns(
      projectFile_.isEmpty()
          ? std::vector<RecordedRun>{}
          : list_recorded_runs(std::filesystem::path(QFile::encodeName(projectFile_).toStdString()),
                               RunDetail::Epochs));
  // The overlays are drawn from the runs as read now (a run may have gone on since).
  emit overlaysChanged(checkedRuns());
  emit reloaded();
}

void RunsList::setChecked(int row, bool checked) {
  model_->setChecked(row, checked);
}

std::vector<RecordedRun> RunsList::checkedRuns() const {
  std::vector<RecordedRun> checked = model_->checkedRuns();
  for (RecordedRun& run : checked) run = withSteps(run);
  return checked;
}

RecordedRun RunsList::withSteps(const RecordedRun& run) const {
  auto read = curves_.find(run.folder);
  if (read == curves_.end()) {
    std::optional<RecordedRun> whole = load_recorded_run(run.folder, RunDetail::Metrics);
    read = curves_.emplace(run.folder, whole ? std::move(*whole) : run).first;
  }
  return read->second;
}

std::optional<Error> RunsList::exportCsv(const QString& path) const {
  return write_file_atomically(std::filesystem::path(QFile::encodeName(path).toStdString()),
                               model_->csv());
}

void RunsList::exportCsvInteractively() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export Run Comparison"), QStringLiteral("runs.csv"), tr("CSV file (*.csv)"));
  if (path.isEmpty()) return;
  if (const auto problem = exportCsv(path)) {
    QMessageBox::warning(this, tr("Export Run Comparison"),
                         tr("The comparison was not exported: %1").arg(errorText(*problem)));
  }
}

}  // namespace convstudio
