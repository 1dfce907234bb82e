#include "run_comparison_model.h"

#include <QColor>
#include <QLocale>

#include <algorithm>
#include <map>
#include <utility>

#include "convstudio/model/units.h"
#include "runs_list.h"
#include "setting_text.h"
#include "training_progress_view.h"

namespace convstudio {
namespace {

// A figure as text and as a number to sort by; a missing one reads "—" and sorts first.
QVariant shown(const std::optional<double>& value, int role, const QString& text) {
  if (role == RunComparisonModel::kSortRole) return value ? QVariant(*value) : QVariant(-1e300);
  if (role != Qt::DisplayRole) return {};
  return value ? text : QStringLiteral("—");
}

QString percent(const std::optional<double>& value) {
  return value ? QStringLiteral("%1%").arg(*value * 100, 0, 'f', 1) : QString();
}

}  // namespace

RunComparisonModel::RunComparisonModel(QObject* parent) : QAbstractTableModel(parent) {}

void RunComparisonModel::setRuns(std::vector<RecordedRun> runs) {
  // Each sweep's runs stand where its newest run is, in their own (newest first) order.
  std::map<std::string, std::size_t> group;  // sweep → its place
  for (const RecordedRun& run : runs) {
    const std::string key = run.sweep.empty() ? run.folder.string() : run.sweep;
    group.emplace(key, group.size());
  }
  std::stable_sort(runs.begin(), runs.end(), [&group](const RecordedRun& a, const RecordedRun& b) {
    return group.at(a.sweep.empty() ? a.folder.string() : a.sweep) <
           group.at(b.sweep.empty() ? b.folder.string() : b.sweep);
  });
  const std::size_t checkedBefore = checked_.size();
  beginResetModel();
  runs_ = std::move(runs);
  comparison_ = compare_runs(runs_);
  std::set<std::filesystem::path> stillThere;
  for (const RecordedRun& run : runs_) {
    if (checked_.count(run.folder)) stillThere.insert(run.folder);
  }
  checked_ = std::move(stillThere);
  endResetModel();
  if (checked_.size() != checkedBefore) emit checksChanged();
}

void RunComparisonModel::setStudies(std::vector<StudyPlan> studies) {
  beginResetModel();
  studies_ = std::move(studies);
  indexStudies();
  endResetModel();
}

void RunComparisonModel::indexStudies() {
  trials_.clear();
  untrained_.clear();
  for (const StudyPlan& plan : studies_) {
    for (std::size_t i = 0; i < plan.drawn.size(); ++i) {
      const StudyTrial& trial = plan.drawn[i];
      if (!trial.queue_id.empty()) {
        trials_[{plan.id, trial.queue_id}] = {&trial, i + 1};
      } else {
        untrained_.push_back({plan.id, i + 1, trial});
      }
    }
  }
}

const StudyTrial* RunComparisonModel::trialOf(int row) const {
  if (row < 0 || row >= static_cast<int>(runs_.size())) return nullptr;
  const RecordedRun& run = runs_[static_cast<std::size_t>(row)];
  const auto found = trials_.find({run.sweep, run.queued_run});
  return found == trials_.end() ? nullptr : found->second.first;
}

std::vector<RecordedRun> RunComparisonModel::checkedRuns() const {
  std::vector<RecordedRun> result;
  for (const RecordedRun& run : runs_) {
    if (checked_.count(run.folder)) result.push_back(run);
  }
  return result;
}

void RunComparisonModel::setChecked(int row, bool checked) {
  setData(index(row, kRun), checked ? Qt::Checked : Qt::Unchecked, Qt::CheckStateRole);
}

int RunComparisonModel::settingColumn(const QString& setting) const {
  const auto& names = comparison_.settings;
  const auto found = std::find(names.begin(), names.end(), setting.toStdString());
  return found == names.end() ? -1 : kFirstSetting + static_cast<int>(found - names.begin());
}

int RunComparisonModel::figureColumn(Figure figure) const {
  return kFirstSetting + static_cast<int>(comparison_.settings.size()) + figure;
}

std::string RunComparisonModel::csv() const {
  return comparison_csv(comparison_);
}

int RunComparisonModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(comparison_.rows.size() + untrained_.size());
}

int RunComparisonModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : originColumn(0) + static_cast<int>(comparison_.origin.size());
}

int RunComparisonModel::figuresShown() const {
  return comparison_.has_mean_iou ? kFigures : kFinalMeanIoU;
}

int RunComparisonModel::originColumn(int fact) const {
  return figureColumn(kGraph) + figuresShown() + fact;
}

QString RunComparisonModel::originLabel(const std::string& fact) {
  // run_origin.h's names; one the studio does not know yet shows as it is written.
  static const std::map<std::string, const char*> labels = {
      {"convstudio_version", QT_TR_NOOP("ConvStudio")},
      {"commit", QT_TR_NOOP("Commit")},
      {"libtorch_version", QT_TR_NOOP("LibTorch")},
      {"cuda_version", QT_TR_NOOP("CUDA")},
      {"cudnn_version", QT_TR_NOOP("cuDNN")},
      {"driver_version", QT_TR_NOOP("Driver")},
      {"device", QT_TR_NOOP("Device")},
      {"device_names", QT_TR_NOOP("Device name")},
      {"cpu_model", QT_TR_NOOP("CPU")},
      {"cpu_threads", QT_TR_NOOP("CPU threads")},
      {"torch_threads", QT_TR_NOOP("LibTorch threads")},
      {"host", QT_TR_NOOP("Host")},
      {"data_path", QT_TR_NOOP("Data")},
      {"data_fingerprint", QT_TR_NOOP("Data fingerprint")}};
  const auto found = labels.find(fact);
  return found == labels.end() ? QString::fromStdString(fact) : tr(found->second);
}

QVariant RunComparisonModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const auto r = static_cast<std::size_t>(index.row());
  if (r >= comparison_.rows.size()) {
    return untrainedData(untrained_[r - comparison_.rows.size()], index.column(), role);
  }
  const ComparisonRow& row = comparison_.rows[r];
  const RecordedRun& run = runs_[r];
  const int column = index.column();
  if (column == kRun) {
    if (role == Qt::CheckStateRole) return checked_.count(run.folder) ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::DisplayRole || role == kSortRole) return QString::fromStdString(row.run);
    if (role == Qt::ToolTipRole) {
      return tr("%1\n%2").arg(QString::fromStdString(run.settings_summary),
                              QString::fromStdString(run.folder.string()));
    }
    return {};
  }
  if (column == kSweep) {
    // Sorting by sweep keeps a sweep's runs together, ordered by their labels.
    if (role == kSortRole) return QString::fromStdString(row.sweep + '\n' + row.label);
    if (role == Qt::DisplayRole) return QString::fromStdString(row.sweep);
    if (role == Qt::ToolTipRole && !row.label.empty()) return sweepLabelText(row.label);
    return {};
  }
  if (column == kState) {
    const StudyTrial* trial = trialOf(index.row());
    if (trial != nullptr && trial->state == StudyTrialState::Pruned) {
      if (role == Qt::DisplayRole || role == kSortRole) return tr("pruned");
      if (role == Qt::ToolTipRole) {
        return tr(
            "The study's pruner stopped this trial at a validation: it was weaker than "
            "the earlier trials there. Its run folder and checkpoint are kept.");
      }
      if (role == Qt::ForegroundRole) return QColor(120, 120, 120);
      return {};
    }
    if (role == Qt::DisplayRole || role == kSortRole) return RunsList::stateText(row.state);
    return {};
  }
  if (const int fact = column - originColumn(0); fact >= 0) {
    if (role != Qt::DisplayRole && role != kSortRole) return {};
    return QString::fromStdString(row.origin[static_cast<std::size_t>(fact)]);
  }
  const int setting = column - kFirstSetting;
  if (setting < static_cast<int>(row.settings.size())) {
    const QString value = QString::fromStdString(row.settings[static_cast<std::size_t>(setting)]);
    if (role == Qt::DisplayRole) return value;
    if (role == kSortRole) {
      bool number = false;
      const double parsed = value.toDouble(&number);
      return number ? QVariant(parsed) : QVariant(value);
    }
    return {};
  }
  return figureData(row, static_cast<Figure>(setting - static_cast<int>(row.settings.size())),
                    role);
}

QVariant RunComparisonModel::untrainedData(const UntrainedTrial& trial, int column,
                                           int role) const {
  if (role == Qt::ForegroundRole) return QColor(120, 120, 120);
  const bool refused = trial.trial.state == StudyTrialState::Refused;
  if (role == Qt::ToolTipRole) {
    return (refused ? tr("Refused before it trained: %1") : tr("Could not train: %1"))
        .arg(QString::fromStdString(trial.trial.refusal));
  }
  if (role != Qt::DisplayRole && role != kSortRole) return {};
  if (column == kRun) return tr("trial %1 (no run)").arg(trial.number);
  if (column == kSweep) {
    return role == kSortRole ? QString::fromStdString(trial.study + '\n' + trial.trial.label)
                             : QString::fromStdString(trial.study);
  }
  if (column == kState) return refused ? tr("refused") : tr("failed");
  if (column - kFirstSetting < static_cast<int>(comparison_.settings.size())) return {};
  return role == kSortRole ? QVariant(-1e300) : QVariant(QStringLiteral("—"));
}

QVariant RunComparisonModel::figureData(const ComparisonRow& row, Figure figure, int role) const {
  if (role == Qt::TextAlignmentRole && figure != kGraph) {
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  }
  switch (figure) {
    case kGraph:
      return role == Qt::DisplayRole || role == kSortRole
                 ? QVariant(QString::fromStdString(row.graph_version))
                 : QVariant();
    case kFinalAccuracy:
      return shown(row.final_val_accuracy, role, percent(row.final_val_accuracy));
    case kFinalLoss:
      return shown(row.final_val_loss, role,
                   QString::number(row.final_val_loss.value_or(0), 'f', 4));
    case kBestAccuracy:
      return shown(row.best_val_accuracy, role, percent(row.best_val_accuracy));
    case kBalancedAccuracy:
      return shown(row.final_val_balanced_accuracy, role, percent(row.final_val_balanced_accuracy));
    case kMacroF1:
      return shown(row.final_val_macro_f1, role,
                   QString::number(row.final_val_macro_f1.value_or(0), 'f', 3));
    case kTime:
      return shown(row.wall_seconds, role,
                   TrainingProgressView::durationText(row.wall_seconds.value_or(0)));
    case kSpeed:
      return shown(row.samples_per_second, role,
                   QString::number(row.samples_per_second.value_or(0), 'f', 0));
    case kMemory: {
      const std::optional<double> bytes =
          row.peak_memory_bytes > 0 ? std::optional(static_cast<double>(row.peak_memory_bytes))
                                    : std::nullopt;
      // MiB, as the memory chart and the progress view write it (format_bytes: powers of 1024
      // named as such), not Qt's "traditional" MB.
      return shown(bytes, role, QString::fromStdString(format_bytes(row.peak_memory_bytes)));
    }
    case kFinalMeanIoU:
      return shown(row.final_val_mean_iou, role,
                   QString::number(row.final_val_mean_iou.value_or(0), 'f', 3));
    case kBestMeanIoU:
      return shown(row.best_val_mean_iou, role,
                   QString::number(row.best_val_mean_iou.value_or(0), 'f', 3));
    case kFigures:
      break;
  }
  return {};
}

QVariant RunComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const {
  const int setting = section - kFirstSetting;
  const bool isSetting = setting >= 0 && setting < static_cast<int>(comparison_.settings.size());
  if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && isSetting) {
    // The label heads the column; the project file's (and the CSV's) name is a hover away.
    return QString::fromStdString(comparison_.settings[static_cast<std::size_t>(setting)]);
  }
  const int fact = section - originColumn(0);
  const bool isFact = fact >= 0 && fact < static_cast<int>(comparison_.origin.size());
  if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && isFact) {
    return QStringLiteral("origin.") +
           QString::fromStdString(comparison_.origin[static_cast<std::size_t>(fact)]);
  }
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
    return QAbstractTableModel::headerData(section, orientation, role);
  }
  if (isFact) return originLabel(comparison_.origin[static_cast<std::size_t>(fact)]);
  if (section == kRun) return tr("Run");
  if (section == kSweep) return tr("Sweep");
  if (section == kState) return tr("State");
  if (isSetting) return settingLabel(comparison_.settings[static_cast<std::size_t>(setting)]);
  switch (static_cast<Figure>(setting - static_cast<int>(comparison_.settings.size()))) {
    case kGraph:
      return tr("Graph");
    case kFinalAccuracy:
      return tr("Val. accuracy");
    case kFinalLoss:
      return tr("Val. loss");
    case kBestAccuracy:
      return tr("Best val. accuracy");
    case kBalancedAccuracy:
      return tr("Balanced accuracy");
    case kMacroF1:
      return tr("Macro-F1");
    case kTime:
      return tr("Time");
    case kSpeed:
      return tr("Samples/s");
    case kMemory:
      return tr("Peak memory");
    case kFinalMeanIoU:
      return tr("Val. mIoU");
    case kBestMeanIoU:
      return tr("Best val. mIoU");
    case kFigures:
      break;
  }
  return {};
}

Qt::ItemFlags RunComparisonModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags flags = QAbstractTableModel::flags(index);
  if (index.column() == kRun && index.row() < static_cast<int>(runs_.size())) {
    flags |= Qt::ItemIsUserCheckable;
  }
  return flags;
}

bool RunComparisonModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::CheckStateRole || index.column() != kRun ||
      index.row() >= static_cast<int>(runs_.size())) {
    return false;
  }
  const std::filesystem::path& folder = runs_[static_cast<std::size_t>(index.row())].folder;
  const bool checked = value.toInt() == Qt::Checked;
  if (checked == (checked_.count(folder) > 0)) return true;
  if (checked) {
    checked_.insert(folder);
  } else {
    checked_.erase(folder);
  }
  emit dataChanged(index, index, {Qt::CheckStateRole});
  emit checksChanged();
  return true;
}

}  // namespace convstudio
