#pragma once
// The project's runs as a table for comparing them (the engine's compare_runs): a check box per
// run (checked runs are overlaid on the charts), its sweep, state, each setting whose value
// differs between the runs, graph version, final and best validation figures, time, samples/s,
// peak memory, and where the runs came from when that differs (host, GPU, data fingerprint…).
// The rows of one sweep stand together; kSortRole gives numbers to sort by. A study's trials
// (issue 36) are marked: a pruned trial's run reads "pruned", and trials refused before they
// trained (no run folder) are rows of their own after the runs, their reason in a tooltip.

#include <QAbstractTableModel>
#include <QString>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "convstudio/runs/run_comparison.h"
#include "convstudio/runs/run_history.h"
#include "convstudio/runs/study_plan.h"

namespace convstudio {

class RunComparisonModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  static constexpr int kSortRole = Qt::UserRole + 1;
  enum Column { kRun, kSweep, kState, kFirstSetting };
  // The figures follow the settings, in this order; the mean IoU's two columns only when some
  // run measured one (a segmentation run).
  enum Figure {
    kGraph,
    kFinalAccuracy,
    kFinalLoss,
    kBestAccuracy,
    kBalancedAccuracy,
    kMacroF1,
    kTime,
    kSpeed,
    kMemory,
    kFinalMeanIoU,
    kBestMeanIoU,
    kFigures
  };

  explicit RunComparisonModel(QObject* parent = nullptr);

  // Newest first as listed; the runs of a sweep are gathered where its newest run is. What was
  // checked stays checked (by folder).
  void setRuns(std::vector<RecordedRun> runs);
  // The project's studies (their plans): marks their trials' runs, adds their refused trials.
  void setStudies(std::vector<StudyPlan> studies);
  // In row order; the rows after them are studies' trials without a run (refusedRow).
  const std::vector<RecordedRun>& runs() const { return runs_; }
  // A study's trial that never trained: its study, number (from 1), values and why.
  struct UntrainedTrial {
    std::string study;
    std::size_t number = 0;
    StudyTrial trial;
  };
  const std::vector<UntrainedTrial>& untrainedTrials() const { return untrained_; }
  // The study trial a run row is, or nullptr.
  const StudyTrial* trialOf(int row) const;
  const RunComparison& comparison() const { return comparison_; }
  std::vector<RecordedRun> checkedRuns() const;
  void setChecked(int row, bool checked);
  // The column of a differing setting ("lr"), or -1 when it does not differ; of a figure.
  int settingColumn(const QString& setting) const;
  int figureColumn(Figure figure) const;
  // After the figures: the facts of where the runs came from that differ between them
  // (RunComparison::origin), headed by originLabel().
  int originColumn(int fact) const;
  static QString originLabel(const std::string& fact);
  // The comparison as CSV (the engine's comparison_csv), rows in this model's order.
  std::string csv() const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

 signals:
  // The checked runs changed (a click, setChecked or a reload that lost one).
  void checksChanged();

 private:
  QVariant figureData(const ComparisonRow& row, Figure figure, int role) const;
  QVariant untrainedData(const UntrainedTrial& trial, int column, int role) const;
  void indexStudies();
  // The figure columns shown: all, or those before the mean IoU's.
  int figuresShown() const;

  std::vector<RecordedRun> runs_;
  RunComparison comparison_;
  std::set<std::filesystem::path> checked_;
  std::vector<StudyPlan> studies_;
  std::vector<UntrainedTrial> untrained_;
  std::map<std::pair<std::string, std::string>, std::pair<const StudyTrial*, std::size_t>>
      trials_;  // (study id, queue entry id) → the trial and its number
};

}  // namespace convstudio
