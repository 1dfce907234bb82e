#include "study_search_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

#include "convstudio/runs/study_fold_groups.h"
#include "convstudio/runs/sweep.h"
#include "engine_text.h"

namespace convstudio {
namespace {

QDoubleSpinBox* studyLimitBox(QWidget* parent, const QString& suffix, const char* name) {
  auto* box = new QDoubleSpinBox(parent);
  box->setObjectName(QLatin1String(name));
  box->setRange(0, 1e6);
  box->setDecimals(2);
  box->setSuffix(suffix);
  box->setSpecialValueText(StudySearchForm::tr("no limit"));
  return box;
}

std::optional<std::int64_t> studyLimitOf(const QDoubleSpinBox* box, double unit) {
  if (box->value() <= 0) return std::nullopt;
  return static_cast<std::int64_t>(std::llround(box->value() * unit));
}

}  // namespace

StudySearchForm::StudySearchForm(std::int64_t seed, QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("studySearchForm"));
  QStringList names;
  for (const std::string& name : sweepable_settings()) names << QString::fromStdString(name);
  auto* intro = new QLabel(
      tr("One setting per line and the values it may take: lr=log:1e-4..1 (a number, evenly in "
         "its logarithm), momentum=0.8..0.99, epochs=int:2..8, batch_size=32,64,128 (a choice)."),
      this);
  intro->setWordWrap(true);
  spaces_ = new QPlainTextEdit(this);
  spaces_->setObjectName(QStringLiteral("studySpaces"));
  spaces_->setToolTip(
      tr("Settings that can be searched: %1").arg(names.join(QStringLiteral(", "))));
  spaces_->setPlaceholderText(QStringLiteral("lr=log:1e-4..1\nmomentum=0.8..0.99"));
  spaces_->setTabChangesFocus(true);
  spaces_->setMinimumHeight(fontMetrics().lineSpacing() * 5);
  problem_ = new QLabel(this);
  problem_->setObjectName(QStringLiteral("studyProblem"));
  problem_->setWordWrap(true);
  problem_->setStyleSheet(QStringLiteral("color: #b00020;"));
  problem_->setTextFormat(Qt::PlainText);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(spaces_, 1);
  layout->addWidget(problem_);
  auto* columns = new QHBoxLayout;
  columns->addWidget(createOptions(), 1);
  columns->addWidget(createLimits(), 1);
  layout->addLayout(columns);
  seed_->setValue(static_cast<int>(seed));
  connect(spaces_, &QPlainTextEdit::textChanged, this, &StudySearchForm::check);
  check();
}

QWidget* StudySearchForm::createOptions() {
  auto* box = new QGroupBox(tr("Search"), this);
  sampler_ = new QComboBox(box);
  sampler_->setObjectName(QStringLiteral("studySampler"));
  sampler_->addItem(tr("TPE (learns from earlier trials)"), QStringLiteral("tpe"));
  sampler_->addItem(tr("Random"), QStringLiteral("random"));
  trials_ = new QSpinBox(box);
  trials_->setObjectName(QStringLiteral("studyTrials"));
  trials_->setRange(1, 10000);
  trials_->setValue(20);
  seed_ = new QSpinBox(box);
  seed_->setObjectName(QStringLiteral("studySeed"));
  seed_->setRange(0, 2147483647);
  seed_->setToolTip(tr("The same seed draws the same trials"));
  pruner_ = new QComboBox(box);
  pruner_->setObjectName(QStringLiteral("studyPruner"));
  pruner_->addItem(tr("None"), static_cast<int>(StudyPruner::None));
  pruner_->addItem(tr("Median"), static_cast<int>(StudyPruner::Median));
  pruner_->addItem(tr("ASHA (successive halving)"), static_cast<int>(StudyPruner::Asha));
  pruner_->setToolTip(
      tr("Stops a weak trial at a validation: Median when it is below the median of earlier "
         "trials there, ASHA when it is not among the best 1/η at a rung"));
  eta_ = new QSpinBox(box);
  eta_->setObjectName(QStringLiteral("studyEta"));
  eta_->setRange(2, 10);
  eta_->setValue(3);
  eta_->setPrefix(QStringLiteral("η = "));
  minSteps_ = new QSpinBox(box);
  minSteps_->setObjectName(QStringLiteral("studyMinSteps"));
  minSteps_->setRange(1, 100000000);
  minSteps_->setValue(100);
  minSteps_->setToolTip(tr("Optimizer steps of ASHA's first rung"));
  auto* asha = new QHBoxLayout;
  asha->addWidget(eta_);
  asha->addWidget(new QLabel(tr("first rung:"), box));
  asha->addWidget(minSteps_, 1);
  auto* form = new QFormLayout(box);
  form->addRow(tr("Sampler:"), sampler_);
  form->addRow(tr("Trials:"), trials_);
  form->addRow(tr("Seed:"), seed_);
  form->addRow(tr("Pruning:"), pruner_);
  form->addRow(QString(), asha);
  const auto ashaShown = [this] {
    const bool on = pruner_->currentData().toInt() == static_cast<int>(StudyPruner::Asha);
    eta_->setEnabled(on);
    minSteps_->setEnabled(on);
  };
  connect(pruner_, &QComboBox::currentIndexChanged, this, ashaShown);
  ashaShown();
  for (QComboBox* combo : {sampler_, pruner_}) {
    connect(combo, &QComboBox::currentIndexChanged, this, &StudySearchForm::check);
  }
  for (QSpinBox* spin : {trials_, seed_, eta_, minSteps_}) {
    connect(spin, &QSpinBox::valueChanged, this, &StudySearchForm::check);
  }
  return box;
}

QWidget* StudySearchForm::createLimits() {
  auto* box = new QGroupBox(tr("Limits and k-fold"), this);
  maxParams_ = studyLimitBox(box, tr(" M"), "studyMaxParams");
  maxParams_->setToolTip(
      tr("A trial whose network has more parameters is refused before it trains"));
  maxMacs_ = studyLimitBox(box, tr(" M"), "studyMaxMacs");
  maxMacs_->setToolTip(tr("Multiply-accumulates per sample, forward"));
  maxMemory_ = studyLimitBox(box, tr(" MiB"), "studyMaxMemory");
  maxMemory_->setToolTip(tr("The training memory estimate the summary bar shows"));
  maxMinutes_ = studyLimitBox(box, tr(" min"), "studyMaxMinutes");
  maxMinutes_->setToolTip(
      tr("Training time per trial: a trial estimated (from the earlier trials' speed) to take "
         "longer is refused before it trains, and one that runs past it is stopped and kept as "
         "pruned"));
  folds_ = new QSpinBox(box);
  folds_->setObjectName(QStringLiteral("studyFolds"));
  folds_->setRange(1, 20);
  folds_->setSpecialValueText(tr("off"));
  folds_->setValue(1);
  stratified_ = new QCheckBox(tr("Stratified"), box);
  stratified_->setObjectName(QStringLiteral("studyStratified"));
  folds_->setToolTip(
      tr("Cross-validation: every drawn setting trains once per fold, validating on that fold of "
         "the training data (the test set is not used); its score is the folds' mean"));
  stratified_->setToolTip(tr("Every fold holds each class within one sample of its share"));
  refit_ = new QCheckBox(tr("Refit"), box);
  refit_->setObjectName(QStringLiteral("studyRefit"));
  refit_->setToolTip(
      tr("Then train the best setting once more with the project's own validation split"));
  auto* kfold = new QHBoxLayout;
  kfold->addWidget(folds_, 1);
  kfold->addWidget(stratified_);
  kfold->addWidget(refit_);
  auto* form = new QFormLayout(box);
  form->addRow(tr("Max. parameters:"), maxParams_);
  form->addRow(tr("Max. MACs:"), maxMacs_);
  form->addRow(tr("Max. training memory:"), maxMemory_);
  form->addRow(tr("Max. time per trial:"), maxMinutes_);
  form->addRow(tr("k-fold:"), kfold);
  for (QDoubleSpinBox* limit : {maxParams_, maxMacs_, maxMemory_, maxMinutes_}) {
    connect(limit, &QDoubleSpinBox::valueChanged, this, &StudySearchForm::check);
  }
  connect(folds_, &QSpinBox::valueChanged, this, &StudySearchForm::check);
  for (QCheckBox* box_option : {stratified_, refit_}) {
    connect(box_option, &QCheckBox::toggled, this, &StudySearchForm::check);
  }
  return box;
}

void StudySearchForm::setSpacesText(const QString& text) {
  spaces_->setPlainText(text);
}

void StudySearchForm::check() {
  StudyPlan plan;
  QStringList problems;
  const QStringList lines = spaces_->toPlainText().split(QLatin1Char('\n'));
  for (int i = 0; i < lines.size(); ++i) {
    const QString line = lines[i].trimmed();
    if (line.isEmpty()) continue;
    MessageText said;
    Result<StudySpace> space = parse_study_space(line.toStdString(), &said);
    if (!space) {
      problems << tr("Line %1: %2").arg(i + 1).arg(errorText(space.error(), said));
      continue;
    }
    const bool twice = std::any_of(plan.spaces.begin(), plan.spaces.end(), [&](const auto& s) {
      return s.setting == space.value().setting;
    });
    if (twice) {
      problems << tr("Line %1: %2 is searched twice")
                      .arg(i + 1)
                      .arg(QString::fromStdString(space.value().setting));
      continue;
    }
    plan.spaces.push_back(std::move(space).value());
  }
  if (problems.isEmpty() && plan.spaces.empty()) {
    problems << tr("Enter at least one setting to search, e.g. lr=log:1e-4..1");
  }
  plan.sampler = parse_study_sampler(sampler_->currentData().toString().toStdString())
                     .value_or(StudySampler::Tpe);
  plan.trials = trials_->value();
  plan.seed = static_cast<std::uint64_t>(seed_->value());
  plan.pruner.kind = static_cast<StudyPruner>(pruner_->currentData().toInt());
  plan.pruner.eta = eta_->value();
  plan.pruner.min_resource = minSteps_->value();
  plan.constraints.max_params = studyLimitOf(maxParams_, 1e6);
  plan.constraints.max_macs = studyLimitOf(maxMacs_, 1e6);
  plan.constraints.max_memory_bytes = studyLimitOf(maxMemory_, 1024.0 * 1024.0);
  if (maxMinutes_->value() > 0) plan.constraints.max_minutes = maxMinutes_->value();
  plan.folds = folds_->value() >= 2 ? folds_->value() : 0;
  plan.stratified_folds = plan.folds >= 2 && stratified_->isChecked();
  plan.refit = plan.folds >= 2 && refit_->isChecked();
  // Trials counts settings; a k-fold study trains each once per fold (and the refit once more).
  plan.trials = study_trial_count(trials_->value(), plan.folds, plan.refit);
  problemText_ = problems.join(QLatin1Char('\n'));
  problem_->setText(problemText_);
  problem_->setVisible(!problemText_.isEmpty());
  if (problems.isEmpty()) {
    plan_ = std::move(plan);
  } else {
    plan_.reset();
  }
  emit changed();
}

}  // namespace convstudio
