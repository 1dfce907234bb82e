#include "recover_runs_dialog.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "convstudio/model/input_output_blocks.h"
#include "convstudio/model/template_library.h"
#include "training/runs_list.h"

namespace convstudio {
namespace {

constexpr int kProjectRole = Qt::UserRole;  // index into projects_
constexpr int kRunRole = Qt::UserRole + 1;  // index into its runs; -1 on a project's row

enum Column { kStarted, kNetwork, kSteps, kAccuracy, kState, kColumnCount };

// As run folders are named, in any language: 2026-11-26 10:32.
QString shortDateTime(const QDateTime& time) {
  return time.isValid() ? time.toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QString();
}

// An unsaved project's file is named after when it was made: DATA/unsaved/YYYYMMDD-HHMMSS….
QDateTime madeAt(const QString& owner) {
  return QDateTime::fromString(QFileInfo(owner).completeBaseName().left(15),
                               QStringLiteral("yyyyMMdd-HHmmss"));
}

// Steps done: the summary's count once the run ended, else its last recorded step.
std::int64_t stepsOf(const RecordedRun& run) {
  if (run.figures.steps > 0) return run.figures.steps;
  return run.steps.empty() ? 0 : run.steps.back().step();
}

std::optional<double> accuracyOf(const RecordedRun& run) {
  if (run.figures.val_accuracy) return run.figures.val_accuracy;
  if (!run.epochs.empty()) return run.epochs.back().val_accuracy;
  return std::nullopt;
}

}  // namespace

RecoverRunsDialog::RecoverRunsDialog(const QStringList& unsavedProjects, QWidget* parent)
    : QDialog(parent) {
  setObjectName(QStringLiteral("recoverRunsDialog"));
  setWindowTitle(tr("Recover Unsaved Runs"));
  for (const QString& owner : unsavedProjects) {
    UnsavedProject project{owner, list_recorded_runs(QFile::encodeName(owner).toStdString())};
    if (!project.runs.empty()) projects_.push_back(std::move(project));
  }

  auto* intro = new QLabel(
      tr("These projects were closed without being saved; their runs stayed in the data folder. "
         "Open one to get it back with all its runs, then save it to keep them beside its file."),
      this);
  intro->setWordWrap(true);
  list_ = new QTreeWidget(this);
  list_->setObjectName(QStringLiteral("strandedRuns"));
  list_->setColumnCount(kColumnCount);
  list_->setHeaderLabels(
      {tr("Started"), tr("Network"), tr("Steps"), tr("Val. accuracy"), tr("State")});
  list_->setRootIsDecorated(true);
  list_->setUniformRowHeights(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  open_ = buttons->addButton(tr("Open Project"), QDialogButtonBox::AcceptRole);
  open_->setObjectName(QStringLiteral("openRecoveredProject"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(list_, &QTreeWidget::currentItemChanged, this,
          [this](QTreeWidgetItem* item) { open_->setEnabled(runOf(item) != nullptr); });
  connect(list_, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
    if (runOf(item)) accept();
  });

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(list_, 1);
  layout->addWidget(buttons);
  fill();
  resize(760, 420);
}

void RecoverRunsDialog::fill() {
  for (int p = 0; p < static_cast<int>(projects_.size()); ++p) {
    const UnsavedProject& project = projects_[static_cast<std::size_t>(p)];
    auto* top = new QTreeWidgetItem(list_);
    top->setText(kStarted, tr("Unsaved project of %1 · %n run(s)", nullptr,
                              static_cast<int>(project.runs.size()))
                               .arg(shortDateTime(madeAt(project.owner))));
    top->setToolTip(kStarted, QFileInfo(project.owner).absolutePath());
    top->setData(0, kProjectRole, p);
    top->setData(0, kRunRole, -1);
    for (int r = 0; r < static_cast<int>(project.runs.size()); ++r) {
      const RecordedRun& run = project.runs[static_cast<std::size_t>(r)];
      auto* item = new QTreeWidgetItem(top);
      item->setText(kStarted, shortDateTime(QDateTime::fromString(
                                  QString::fromStdString(run.started), Qt::ISODate)));
      item->setText(kNetwork, run.project ? networkName(run.project->graph) : tr("unreadable"));
      const std::int64_t steps = stepsOf(run);
      item->setText(kSteps,
                    steps > 0 ? QLocale().toString(static_cast<qlonglong>(steps)) : QString());
      const auto accuracy = accuracyOf(run);  // none before the first validation
      item->setText(kAccuracy,
                    accuracy ? tr("%1%").arg(*accuracy * 100, 0, 'f', 1) : QStringLiteral("—"));
      item->setText(kState, RunsList::stateText(run.state));
      item->setToolTip(kStarted, QString::fromStdString(run.folder.string()));
      item->setData(0, kProjectRole, p);
      item->setData(0, kRunRole, r);
    }
  }
  list_->expandAll();
  for (int column = 0; column < kColumnCount; ++column) list_->resizeColumnToContents(column);
  // A project's row spans the columns (its runs fill them); set after sizing, so its long text
  // does not widen the first column.
  for (int p = 0; p < list_->topLevelItemCount(); ++p) {
    list_->topLevelItem(p)->setFirstColumnSpanned(true);
  }
  list_->setCurrentItem(list_->topLevelItem(0));
  open_->setEnabled(runOf(list_->currentItem()) != nullptr);
}

const RecordedRun* RecoverRunsDialog::runOf(const QTreeWidgetItem* item) const {
  if (!item) return nullptr;
  const UnsavedProject& project =
      projects_[static_cast<std::size_t>(item->data(0, kProjectRole).toInt())];
  const int run = item->data(0, kRunRole).toInt();
  if (run >= 0) {
    const RecordedRun& chosen = project.runs[static_cast<std::size_t>(run)];
    return chosen.project ? &chosen : nullptr;
  }
  for (const RecordedRun& newest : project.runs) {
    if (newest.project) return &newest;
  }
  return nullptr;
}

std::optional<Project> RecoverRunsDialog::chosenProject() const {
  const RecordedRun* run = runOf(list_->currentItem());
  return run ? run->project : std::nullopt;
}

QString RecoverRunsDialog::chosenOwner() const {
  const QTreeWidgetItem* item = list_->currentItem();
  return item ? projects_[static_cast<std::size_t>(item->data(0, kProjectRole).toInt())].owner
              : QString();
}

QString RecoverRunsDialog::chosenName() const {
  const RecordedRun* run = runOf(list_->currentItem());
  return run ? tr("%1 (recovered)").arg(networkName(run->project->graph)) : QString();
}

QString RecoverRunsDialog::networkName(const Graph& graph) {
  const auto inputs = graph.blocks_of_type(kInputBlockType);
  const auto outputs = graph.blocks_of_type(kOutputBlockType);
  if (inputs.size() == 1 && outputs.size() == 1) {
    const Block& in = *graph.find_block(inputs.front());
    const TensorShape shape =
        TensorShape::image(in.int_param("channels"), in.int_param("height"), in.int_param("width"));
    const std::int64_t classes = graph.find_block(outputs.front())->int_param("classes");
    for (const TemplateInfo& info : TemplateLibrary::list()) {
      const TemplateInstance instance = TemplateLibrary::instantiate(info.name, shape, classes);
      if (instance.graph && *instance.graph == graph) return QString::fromStdString(info.name);
    }
  }
  return tr("%n block(s)", nullptr, static_cast<int>(graph.blocks().size()));
}

}  // namespace convstudio
