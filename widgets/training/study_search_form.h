#pragma once
// The Search tab of the Sweep dialog (issue 36): a study's spaces as text, one
// "setting=space" per line, checked as they are typed (each bad line named with the engine's
// reason), and its sampler, trials, seed, pruner, limits and k-fold options. plan() is the
// study to start; the dialog adds its id and the project it starts from.

#include <QString>
#include <QWidget>

#include <optional>

#include "convstudio/runs/study_plan.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QSpinBox;

namespace convstudio {

class StudySearchForm : public QWidget {
  Q_OBJECT

 public:
  // `seed`: the project's training seed, the study's seed until the user changes it.
  explicit StudySearchForm(std::int64_t seed, QWidget* parent = nullptr);

  void setSpacesText(const QString& text);
  // The study as entered (id and base project unset); nullopt while a line is wrong.
  const std::optional<StudyPlan>& plan() const { return plan_; }
  // One line per problem ("Line 2: …"), empty when the study can start.
  QString problem() const { return problemText_; }
  // Whether the fold options are used by trials yet (they are kept in the plan either way).

  QPlainTextEdit* spacesEdit() const { return spaces_; }
  QComboBox* prunerBox() const { return pruner_; }

 signals:
  void changed();

 private:
  QWidget* createOptions();
  QWidget* createLimits();
  void check();

  QPlainTextEdit* spaces_ = nullptr;
  QLabel* problem_ = nullptr;
  QComboBox* sampler_ = nullptr;
  QSpinBox* trials_ = nullptr;
  QSpinBox* seed_ = nullptr;
  QComboBox* pruner_ = nullptr;
  QSpinBox* eta_ = nullptr;
  QSpinBox* minSteps_ = nullptr;
  QDoubleSpinBox* maxParams_ = nullptr;   // millions; 0: no limit
  QDoubleSpinBox* maxMacs_ = nullptr;     // millions per sample; 0: no limit
  QDoubleSpinBox* maxMemory_ = nullptr;   // MiB; 0: no limit
  QDoubleSpinBox* maxMinutes_ = nullptr;  // training minutes per trial; 0: no limit
  QSpinBox* folds_ = nullptr;             // 0: no k-fold
  QCheckBox* stratified_ = nullptr;
  QCheckBox* refit_ = nullptr;
  QString problemText_;
  std::optional<StudyPlan> plan_;
};

}  // namespace convstudio
