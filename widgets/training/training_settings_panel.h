#pragma once
// The training settings of the open project, edited in place: data (with its images per class,
// sizes and balance, and a preview of augmented samples), run and optimizer. Problems are explained
// right under the field they concern, before Start. Edits are reported by settingsEdited(); the
// owner writes them into the project.

#include <QWidget>

#include <string>
#include <vector>

#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/training_settings.h"
#include "convstudio/system_info.h"
#include "settings_check.h"

class QLabel;
class QTimer;

namespace convstudio {

class DatasetSettingsEditor;
class LossSettingsEditor;
class OptimizerSettingsEditor;
class RunSettingsEditor;
class DatasetStatisticsView;
class SamplePreviewGrid;

class TrainingSettingsPanel : public QWidget {
  Q_OBJECT

 public:
  explicit TrainingSettingsPanel(QWidget* parent = nullptr);

  void setDevices(const DeviceReport& devices);
  // Shows the project's settings without emitting settingsEdited().
  void setSettings(const DatasetSettings& dataset, const TrainingSettings& training);
  // Loads the preview of the data the panel holds, unless it has already loaded one.
  void showPreviewOnce();
  DatasetSettings datasetSettings() const { return dataset_; }
  TrainingSettings trainingSettings() const { return training_; }

  const std::vector<SettingsProblem>& problems() const { return problems_; }
  // The note shown under a field (its object name), or nullptr when it has none.
  QLabel* noteFor(const QString& field) const;
  // Empty when Start may go ahead; otherwise the first error, for Start's tooltip.
  QString blockingProblem() const;
  // The editor of `setting` ("training.batch_size", a key of the setting table), or nullptr
  // when this panel has none.
  QWidget* editorFor(const std::string& setting) const;
  // Scrolls the editor of `setting` into view and gives it the keyboard (an error's place);
  // false when this panel has no editor for it.
  bool focusSetting(const std::string& setting);
  // While a run uses the settings they are read-only.
  void setRunning(bool running);

  SamplePreviewGrid* preview() const { return preview_; }
  DatasetStatisticsView* datasetStatistics() const { return statistics_; }

 signals:
  void settingsEdited(const convstudio::DatasetSettings& dataset,
                      const convstudio::TrainingSettings& training);
  void problemsChanged();
  // The run settings' "Find…" beside the batch size.
  void batchSizeFinderRequested();
  // The preview grid wants `count` augmented samples of this data, drawn with `seed`.
  void previewRequested(const convstudio::DatasetSettings& dataset, quint64 seed);

 private:
  void readEditors();
  void check();
  // Shows dataset_ and training_ in every field, then checks them.
  void loadEditors();
  void schedulePreview();
  // Puts each problem's explanation in a row under its field; true when it found the field.
  bool placeNote(const QString& field, const QString& html);

  DatasetSettingsEditor* datasetEditor_ = nullptr;
  RunSettingsEditor* runEditor_ = nullptr;
  OptimizerSettingsEditor* optimizerEditor_ = nullptr;
  LossSettingsEditor* lossEditor_ = nullptr;
  SamplePreviewGrid* preview_ = nullptr;
  DatasetStatisticsView* statistics_ = nullptr;
  QLabel* problemsLabel_ = nullptr;  // problems that concern no single field
  QList<QLabel*> notes_;
  QString shownNotes_;  // what notes_ say, to rebuild them only when that changes
  QTimer* previewDelay_ = nullptr;
  DatasetSettings dataset_;
  TrainingSettings training_;
  DeviceReport devices_;
  std::vector<SettingsProblem> problems_;
  quint64 previewSeed_ = 1;
  bool previewShown_ = false;
  std::int64_t previewedSeed_ = 0;  // the run's seed the preview's split was drawn with
};

}  // namespace convstudio
