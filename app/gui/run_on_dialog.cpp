#include "run_on_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include "convstudio/remote/targets_file.h"
#include "engine_text.h"
#include "remote_target_form.h"

namespace convstudio {

RunOnDialog::RunOnDialog(const QString& projectFile, QWidget* parent)
    : QDialog(parent), projectFile_(projectFile) {
  setWindowTitle(tr("Run On"));
  setObjectName(QStringLiteral("runOnDialog"));
  auto* layout = new QVBoxLayout(this);
  auto* top = new QHBoxLayout;
  auto* left = new QVBoxLayout;
  left->addWidget(new QLabel(tr("Targets:"), this));
  list_ = new QListWidget(this);
  list_->setObjectName(QStringLiteral("targetList"));
  left->addWidget(list_);
  auto* listButtons = new QHBoxLayout;
  auto* add = new QPushButton(tr("Add"), this);
  auto* remove = new QPushButton(tr("Remove"), this);
  auto* save = new QPushButton(tr("Save Target"), this);
  save->setObjectName(QStringLiteral("saveTargetButton"));
  listButtons->addWidget(add);
  listButtons->addWidget(remove);
  listButtons->addWidget(save);
  left->addLayout(listButtons);
  top->addLayout(left, 1);
  form_ = new RemoteTargetForm(this);
  top->addWidget(form_, 2);
  layout->addLayout(top);
  auto* flagsRow = new QHBoxLayout;
  flagsRow->addWidget(new QLabel(tr("More train flags:"), this));
  trainFlags_ = new QLineEdit(this);
  trainFlags_->setPlaceholderText(tr("e.g. --max-steps 1000"));
  flagsRow->addWidget(trainFlags_);
  layout->addLayout(flagsRow);
  slurm_ =
      new QCheckBox(tr("Submit with SLURM (the sbatch script below, which you may edit)"), this);
  slurm_->setObjectName(QStringLiteral("submitWithSlurm"));
  layout->addWidget(slurm_);
  script_ = new QPlainTextEdit(this);
  script_->setObjectName(QStringLiteral("sbatchScript"));
  script_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  layout->addWidget(script_, 1);
  problem_ = new QLabel(this);
  problem_->setWordWrap(true);
  problem_->setStyleSheet(QStringLiteral("color: #b00020"));
  layout->addWidget(problem_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  QPushButton* submitButton = buttons->addButton(tr("Submit"), QDialogButtonBox::AcceptRole);
  submitButton->setObjectName(QStringLiteral("submitRemoteButton"));
  layout->addWidget(buttons);

  connect(list_, &QListWidget::currentRowChanged, this, &RunOnDialog::showTarget);
  connect(add, &QPushButton::clicked, this, &RunOnDialog::addTarget);
  connect(remove, &QPushButton::clicked, this, &RunOnDialog::removeTarget);
  connect(save, &QPushButton::clicked, this, &RunOnDialog::saveTarget);
  connect(form_, &RemoteTargetForm::edited, this, &RunOnDialog::updateScript);
  connect(slurm_, &QCheckBox::toggled, this, &RunOnDialog::updateScript);
  connect(trainFlags_, &QLineEdit::textEdited, this, &RunOnDialog::updateScript);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(submitButton, &QPushButton::clicked, this, &RunOnDialog::submit);
  loadTargets();
  resize(900, 640);
}

RemoteTarget RunOnDialog::target() const {
  return form_->target();
}

SubmitRequest RunOnDialog::request() const {
  SubmitRequest request;
  request.project_file = projectFile_.toStdString();
  request.slurm = slurm_->isChecked();
  if (request.slurm) request.script = script_->toPlainText().toStdString();
  for (const QString& flag : QProcess::splitCommand(trainFlags_->text())) {
    request.train_arguments.push_back(flag.toStdString());
  }
  return request;
}

void RunOnDialog::loadTargets() {
  Result<std::vector<RemoteTarget>> loaded = load_targets(default_targets_file());
  if (!loaded) {
    showProblem(tr("The targets file cannot be read: %1").arg(errorText(loaded.error())));
    return;
  }
  targets_ = std::move(loaded.value());
  QSignalBlocker blocker(list_);
  list_->clear();
  for (const RemoteTarget& target : targets_) list_->addItem(QString::fromStdString(target.name));
  blocker.unblock();
  if (!targets_.empty()) list_->setCurrentRow(0);
  updateScript();
}

void RunOnDialog::showTarget(int row) {
  if (row < 0 || row >= static_cast<int>(targets_.size())) return;
  form_->setTarget(targets_[static_cast<std::size_t>(row)]);
  slurm_->setChecked(targets_[static_cast<std::size_t>(row)].slurm.has_value());
  updateScript();
}

void RunOnDialog::addTarget() {
  list_->clearSelection();
  list_->setCurrentRow(-1);
  form_->setTarget(RemoteTarget{});
  showProblem({});
}

void RunOnDialog::saveTarget() {
  const RemoteTarget target = form_->target();
  std::vector<RemoteTarget> targets = targets_;
  const auto same = std::find_if(targets.begin(), targets.end(),
                                 [&](const RemoteTarget& t) { return t.name == target.name; });
  if (same != targets.end()) {
    *same = target;
  } else {
    targets.push_back(target);
  }
  if (auto error = save_targets(default_targets_file(), targets)) {
    showProblem(errorText(*error));
    return;
  }
  showProblem({});
  loadTargets();
  const auto saved = std::find_if(targets_.begin(), targets_.end(),
                                  [&](const RemoteTarget& t) { return t.name == target.name; });
  list_->setCurrentRow(static_cast<int>(saved - targets_.begin()));
}

void RunOnDialog::removeTarget() {
  const int row = list_->currentRow();
  if (row < 0 || row >= static_cast<int>(targets_.size())) return;
  std::vector<RemoteTarget> targets = targets_;
  targets.erase(targets.begin() + row);
  if (auto error = save_targets(default_targets_file(), targets)) {
    showProblem(errorText(*error));
    return;
  }
  loadTargets();
}

void RunOnDialog::updateScript() {
  script_->setEnabled(slurm_->isChecked());
  if (!slurm_->isChecked()) return;
  SubmitRequest planned = request();
  planned.script.reset();
  Result<SubmitPlan> plan = plan_submission(form_->target(), planned);
  const QSignalBlocker blocker(script_);
  if (!plan) {
    script_->setPlainText(tr("# The target is not complete yet: %1").arg(errorText(plan.error())));
  } else {
    script_->setPlainText(QString::fromStdString(plan.value().script));
  }
}

void RunOnDialog::submit() {
  if (auto problem = target_problem(form_->target())) {
    showProblem(errorText(*problem));
    return;
  }
  accept();
}

void RunOnDialog::showProblem(const QString& text) {
  problem_->setText(text);
  problem_->setVisible(!text.isEmpty());
}

}  // namespace convstudio
