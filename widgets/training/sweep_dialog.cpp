#include "sweep_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

#include <utility>

#include "convstudio/runs/run_comparison.h"
#include "convstudio/runs/sweep.h"
#include "setting_text.h"
#include "study_search_form.h"

namespace convstudio {
namespace {

// The value a setting has in `project`, to show what the sweep starts from.
QString currentValue(const Project& project, const std::string& setting) {
  for (const auto& [name, value] : setting_values(project)) {
    if (name == setting || name == "dataset.augmentation." + setting ||
        name == "dataset." + setting)
      return QString::fromStdString(value);
  }
  return {};
}

}  // namespace

SweepDialog::SweepDialog(const Project& project, std::string sweepId, QWidget* parent)
    : QDialog(parent), project_(project), sweepId_(std::move(sweepId)) {
  setObjectName(QStringLiteral("sweepDialog"));
  setWindowTitle(tr("Queue a Sweep"));
  buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  tabs_ = new QTabWidget(this);
  tabs_->setObjectName(QStringLiteral("sweepTabs"));
  tabs_->addTab(createGrid(), tr("Grid"));
  search_ = new StudySearchForm(project_.training.seed, tabs_);
  tabs_->addTab(search_, tr("Search"));
  connect(search_, &StudySearchForm::changed, this, &SweepDialog::updateOk);
  connect(tabs_, &QTabWidget::currentChanged, this, &SweepDialog::updateOk);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(tabs_, 1);
  layout->addWidget(buttons_);
  const int lr = settings_[0]->findData(QStringLiteral("lr"));
  if (lr >= 0) settings_[0]->setCurrentIndex(lr);
  for (int axis = 0; axis < kAxes; ++axis) settingChosen(axis);
  resize(640, sizeHint().height());
}

QWidget* SweepDialog::createGrid() {
  auto* grid = new QWidget(this);
  auto* intro = new QLabel(tr("Choose one or two settings and the values each should take; every "
                              "combination is queued as a run of the current model."),
                           grid);
  intro->setWordWrap(true);
  auto* form = new QFormLayout;
  for (int axis = 0; axis < kAxes; ++axis) {
    auto* setting = new QComboBox(grid);
    setting->setObjectName(QStringLiteral("sweepSetting%1").arg(axis + 1));
    if (axis > 0) setting->addItem(tr("(none)"), QString());
    for (const std::string& name : sweepable_settings()) {
      // The label, as the editors name it; the key the sweep records stays the item's data.
      setting->addItem(settingLabel(name), QString::fromStdString(name));
    }
    auto* values = new QLineEdit(grid);
    values->setObjectName(QStringLiteral("sweepValues%1").arg(axis + 1));
    values->setToolTip(tr("Values separated by commas, e.g. 0.01, 0.003"));
    auto* row = new QHBoxLayout;
    row->addWidget(setting);
    row->addWidget(values, 1);
    form->addRow(axis == 0 ? tr("Setting:") : tr("and:"), row);
    settings_[static_cast<std::size_t>(axis)] = setting;
    values_[static_cast<std::size_t>(axis)] = values;
    connect(setting, &QComboBox::currentIndexChanged, this, [this, axis] { settingChosen(axis); });
    connect(values, &QLineEdit::textChanged, this, &SweepDialog::check);
  }
  problem_ = new QLabel(grid);
  problem_->setObjectName(QStringLiteral("sweepProblem"));
  problem_->setWordWrap(true);
  problem_->setStyleSheet(QStringLiteral("color: #b00020;"));
  size_ = new QLabel(grid);
  size_->setObjectName(QStringLiteral("sweepSize"));

  auto* layout = new QVBoxLayout(grid);
  layout->addWidget(intro);
  layout->addLayout(form);
  layout->addWidget(size_);
  layout->addWidget(problem_);
  layout->addStretch();
  return grid;
}

bool SweepDialog::isSearch() const {
  return search_ != nullptr && tabs_->currentWidget() == search_;
}

void SweepDialog::showSearch() {
  tabs_->setCurrentWidget(search_);
}

std::optional<StudyPlan> SweepDialog::studyPlan() const {
  std::optional<StudyPlan> plan = search_->plan();
  if (!plan) return plan;
  plan->id = "study-" + sweepId_;
  plan->base = project_;
  // One number repeats the whole study: the sampler's seed is every trial's training seed.
  plan->base.training.seed = static_cast<std::int64_t>(plan->seed);
  return plan;
}

void SweepDialog::updateOk() {
  QPushButton* ok = buttons_->button(QDialogButtonBox::Ok);
  if (isSearch()) {
    const std::optional<StudyPlan>& plan = search_->plan();
    ok->setEnabled(plan.has_value());
    ok->setText(plan ? tr("Start Study of %n Trial(s)", nullptr, static_cast<int>(plan->trials))
                     : tr("Start Study"));
    return;
  }
  const int count = static_cast<int>(runs_.size());
  ok->setEnabled(!runs_.empty());
  ok->setText(runs_.empty() ? tr("Queue Runs") : tr("Queue %n Run(s)", nullptr, count));
}

void SweepDialog::setAxis(int axis, const QString& setting, const QString& values) {
  const auto index = static_cast<std::size_t>(axis);
  settings_[index]->setCurrentIndex(std::max(0, settings_[index]->findData(setting)));
  values_[index]->setText(values);
  check();
}

void SweepDialog::settingChosen(int axis) {
  const QString setting = settings_[static_cast<std::size_t>(axis)]->currentData().toString();
  QLineEdit* values = values_[static_cast<std::size_t>(axis)];
  const QString now = currentValue(project_, setting.toStdString());
  values->setPlaceholderText(now.isEmpty() ? QString() : tr("now %1").arg(now));
  values->setEnabled(!setting.isEmpty());
  check();
}

QString SweepDialog::sizeText() const {
  return size_->text();
}

void SweepDialog::check() {
  runs_.clear();
  problemText_.clear();
  std::vector<SweepAxis> axes;
  QStringList sizes;
  for (int axis = 0; axis < kAxes; ++axis) {
    const QString setting = settings_[static_cast<std::size_t>(axis)]->currentData().toString();
    const QString values = values_[static_cast<std::size_t>(axis)]->text().trimmed();
    if (setting.isEmpty()) continue;
    if (values.isEmpty()) {
      problemText_ = tr("Enter the values of %1, separated by commas.")
                         .arg(settingLabel(setting.toStdString()));
      break;
    }
    Result<SweepAxis> parsed =
        parse_sweep_axis((setting + QLatin1Char('=') + values).toStdString());
    if (!parsed) {
      problemText_ = QString::fromStdString(parsed.error().describe());
      break;
    }
    sizes << QString::number(parsed.value().values.size());
    axes.push_back(std::move(parsed.value()));
  }
  if (problemText_.isEmpty()) {
    Result<std::vector<QueuedRun>> grid = expand_sweep(project_, axes, sweepId_);
    if (grid) {
      runs_ = std::move(grid.value());
    } else {
      problemText_ = QString::fromStdString(grid.error().describe());
    }
  }
  problem_->setText(problemText_);
  problem_->setVisible(!problemText_.isEmpty());
  const int count = static_cast<int>(runs_.size());
  size_->setText(runs_.empty()
                     ? QString()
                     : tr("%1 = %n run(s)", nullptr, count).arg(sizes.join(QStringLiteral(" × "))));
  updateOk();
}

}  // namespace convstudio
