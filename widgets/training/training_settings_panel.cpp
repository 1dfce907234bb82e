#include "training_settings_panel.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QMap>
#include <QScrollArea>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include "dataset_settings_editor.h"
#include "dataset_statistics_view.h"
#include "loss_settings_editor.h"
#include "optimizer_settings_editor.h"
#include "run_settings_editor.h"
#include "sample_preview_grid.h"

namespace convstudio {
namespace {

constexpr int kPreviewDelayMs = 300;  // typing a folder or spinning a value asks once
constexpr const char* kProblemProperty = "problem";
constexpr const char* kNoteFieldProperty = "noteFor";

bool layoutHolds(QLayout* layout, QWidget* widget) {
  for (int i = 0; i < layout->count(); ++i) {
    QLayoutItem* item = layout->itemAt(i);
    if (item->widget() == widget) return true;
    if (item->layout() != nullptr && layoutHolds(item->layout(), widget)) return true;
  }
  return false;
}

// The row of `form` that holds `field`, itself or inside a row's layout; -1 when none.
int rowOf(QFormLayout* form, QWidget* field) {
  for (int row = 0; row < form->rowCount(); ++row) {
    for (QFormLayout::ItemRole role : {QFormLayout::FieldRole, QFormLayout::SpanningRole}) {
      QLayoutItem* item = form->itemAt(row, role);
      if (item == nullptr) continue;
      if (item->widget() == field) return row;
      if (item->layout() != nullptr && layoutHolds(item->layout(), field)) return row;
    }
  }
  return -1;
}

QGroupBox* section(const QString& title, QWidget* content, QWidget* parent) {
  auto* box = new QGroupBox(title, parent);
  auto* layout = new QVBoxLayout(box);
  layout->addWidget(content);
  return box;
}

}  // namespace

TrainingSettingsPanel::TrainingSettingsPanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("trainingSettings"));
  datasetEditor_ = new DatasetSettingsEditor;
  preview_ = new SamplePreviewGrid;
  statistics_ = new DatasetStatisticsView;
  runEditor_ = new RunSettingsEditor;
  optimizerEditor_ = new OptimizerSettingsEditor;
  lossEditor_ = new LossSettingsEditor;
  problemsLabel_ = new QLabel;
  problemsLabel_->setObjectName(QStringLiteral("settingsProblems"));
  problemsLabel_->setWordWrap(true);
  problemsLabel_->setTextFormat(Qt::RichText);
  problemsLabel_->hide();

  auto* dataBox = new QWidget;
  auto* dataLayout = new QVBoxLayout(dataBox);
  dataLayout->setContentsMargins(0, 0, 0, 0);
  dataLayout->addWidget(datasetEditor_);
  dataLayout->addWidget(statistics_);
  dataLayout->addWidget(preview_);

  auto* content = new QWidget;
  auto* column = new QVBoxLayout(content);
  column->addWidget(problemsLabel_);
  column->addWidget(section(tr("Data"), dataBox, content));
  column->addWidget(section(tr("Run"), runEditor_, content));
  column->addWidget(section(tr("Optimizer"), optimizerEditor_, content));
  column->addWidget(section(tr("Loss and classes"), lossEditor_, content));
  column->addStretch();
  content->setMinimumWidth(340);  // form labels and the preview grid need this much
  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(content);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(scroll);
  // Fields with a problem get a coloured frame, so the explanation above points somewhere.
  content->setStyleSheet(
      QStringLiteral("*[problem=\"error\"] { border: 1px solid #c00000; }"
                     "*[problem=\"warning\"] { border: 1px solid #d08000; }"));

  previewDelay_ = new QTimer(this);
  previewDelay_->setSingleShot(true);
  previewDelay_->setInterval(kPreviewDelayMs);
  connect(previewDelay_, &QTimer::timeout, this,
          [this] { emit previewRequested(dataset_, previewSeed_); });
  connect(preview_, &SamplePreviewGrid::shuffleRequested, this, [this] {
    ++previewSeed_;
    schedulePreview();
  });
  connect(datasetEditor_, &DatasetSettingsEditor::edited, this, [this] {
    readEditors();
    schedulePreview();
  });
  connect(runEditor_, &RunSettingsEditor::edited, this, &TrainingSettingsPanel::readEditors);
  connect(runEditor_, &RunSettingsEditor::batchSizeFinderRequested, this,
          &TrainingSettingsPanel::batchSizeFinderRequested);
  connect(optimizerEditor_, &OptimizerSettingsEditor::edited, this,
          &TrainingSettingsPanel::readEditors);
  connect(lossEditor_, &LossSettingsEditor::edited, this, &TrainingSettingsPanel::readEditors);
  // The fields start from the default settings: a project that keeps the defaults is never
  // loaded again, and a field left at a widget's own default (a learning rate of 0) would be
  // written into it by the first edit.
  loadEditors();
}

void TrainingSettingsPanel::loadEditors() {
  datasetEditor_->load(dataset_);
  runEditor_->load(training_);
  optimizerEditor_->load(training_);
  lossEditor_->load(training_);
  check();
}

void TrainingSettingsPanel::setDevices(const DeviceReport& devices) {
  devices_ = devices;
  runEditor_->setDevices(devices);
  runEditor_->load(training_);
  check();
}

void TrainingSettingsPanel::setSettings(const DatasetSettings& dataset,
                                        const TrainingSettings& training) {
  // The run's seed draws a held-out share: the summary names it.
  const bool newData = !previewShown_ || !(dataset == dataset_) || training.seed != previewedSeed_;
  dataset_ = dataset;
  training_ = training;
  loadEditors();
  if (newData) schedulePreview();
}

void TrainingSettingsPanel::showPreviewOnce() {
  if (!previewShown_) schedulePreview();
}

void TrainingSettingsPanel::readEditors() {
  datasetEditor_->store(dataset_);
  runEditor_->store(training_);
  optimizerEditor_->store(training_);
  lossEditor_->store(training_);
  check();
  if (previewShown_ && training_.seed != previewedSeed_) schedulePreview();
  emit settingsEdited(dataset_, training_);
}

void TrainingSettingsPanel::schedulePreview() {
  previewShown_ = true;
  previewedSeed_ = training_.seed;
  preview_->showMessage(tr("Loading the preview…"));
  previewDelay_->start();
}

QString TrainingSettingsPanel::blockingProblem() const {
  for (const SettingsProblem& p : problems_) {
    if (p.severity == SettingsProblem::Severity::Error) return p.message;
  }
  return {};
}

void TrainingSettingsPanel::check() {
  for (QWidget* field : findChildren<QWidget*>()) {
    if (field->property(kProblemProperty).isValid()) {
      field->setProperty(kProblemProperty, QVariant());
      field->style()->polish(field);
    }
  }
  problems_ = SettingsCheck::run(dataset_, training_, devices_);
  QString unplaced;
  QMap<QString, QString> notes;  // by field
  QStringList fieldOrder;        // the fields in the order their problems came
  for (const SettingsProblem& p : problems_) {
    const bool error = p.severity == SettingsProblem::Severity::Error;
    const QString line = QStringLiteral("<div style='color:%1'>%2 %3</div>")
                             .arg(error ? QStringLiteral("#c00000") : QStringLiteral("#a05a00"),
                                  error ? tr("Error:") : tr("Note:"), p.message.toHtmlEscaped());
    if (findChild<QWidget*>(p.field) != nullptr) {
      if (!notes.contains(p.field)) fieldOrder << p.field;
      notes[p.field] += line;
    } else {
      unplaced += line;
    }
    if (QWidget* field = findChild<QWidget*>(p.field)) {
      // An error outranks a warning on the same field.
      if (error || field->property(kProblemProperty).toString() != QLatin1String("error")) {
        field->setProperty(kProblemProperty, error ? "error" : "warning");
        field->style()->polish(field);
      }
    }
  }
  // Rebuilt only when they change: every keystroke in a field comes through here.
  QString shown;
  for (const QString& field : std::as_const(fieldOrder)) shown += field + notes.value(field);
  if (shown != shownNotes_) {
    shownNotes_ = shown;
    for (QLabel* note : std::as_const(notes_)) {
      if (auto* form = qobject_cast<QFormLayout*>(note->parentWidget()->layout())) {
        form->removeRow(note);  // deletes the note
      }
    }
    notes_.clear();
    for (const QString& field : std::as_const(fieldOrder)) {
      if (!placeNote(field, notes.value(field))) unplaced += notes.value(field);
    }
  }
  problemsLabel_->setText(unplaced);
  problemsLabel_->setVisible(!unplaced.isEmpty());
  emit problemsChanged();
}

bool TrainingSettingsPanel::placeNote(const QString& fieldName, const QString& html) {
  QWidget* field = findChild<QWidget*>(fieldName);
  QWidget* editor = field ? field->parentWidget() : nullptr;
  auto* form = editor ? qobject_cast<QFormLayout*>(editor->layout()) : nullptr;
  const int row = form ? rowOf(form, field) : -1;
  if (row < 0) return false;
  auto* note = new QLabel(html, editor);
  note->setObjectName(QStringLiteral("settingsNote"));
  note->setProperty(kNoteFieldProperty, fieldName);
  note->setWordWrap(true);
  note->setTextFormat(Qt::RichText);
  form->insertRow(row + 1, QString(), note);
  notes_ << note;
  return true;
}

QWidget* TrainingSettingsPanel::editorFor(const std::string& setting) const {
  const QString name = SettingsCheck::editorOf(setting);
  return name.isEmpty() ? nullptr : findChild<QWidget*>(name);
}

bool TrainingSettingsPanel::focusSetting(const std::string& setting) {
  QWidget* editor = editorFor(setting);
  if (editor == nullptr) return false;
  if (auto* scroll = findChild<QScrollArea*>(QString(), Qt::FindDirectChildrenOnly)) {
    scroll->ensureWidgetVisible(editor);
  }
  editor->setFocus(Qt::OtherFocusReason);
  return true;
}

QLabel* TrainingSettingsPanel::noteFor(const QString& field) const {
  for (QLabel* note : notes_) {
    if (note->property(kNoteFieldProperty).toString() == field) return note;
  }
  return nullptr;
}

void TrainingSettingsPanel::setRunning(bool running) {
  for (QWidget* editor : {static_cast<QWidget*>(datasetEditor_), static_cast<QWidget*>(runEditor_),
                          static_cast<QWidget*>(optimizerEditor_)}) {
    editor->setEnabled(!running);
  }
}

}  // namespace convstudio
