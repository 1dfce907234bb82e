#include "remote_target_form.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>

namespace convstudio {
namespace {

QString targetText(const std::string& text) {
  return QString::fromStdString(text);
}

}  // namespace

RemoteTargetForm::RemoteTargetForm(QWidget* parent) : QWidget(parent) {
  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  const auto line = [this, form](const QString& label, const QString& tip, const char* name) {
    auto* edit = new QLineEdit(this);
    edit->setObjectName(QLatin1String(name));
    edit->setToolTip(tip);
    connect(edit, &QLineEdit::textEdited, this, &RemoteTargetForm::edited);
    form->addRow(label, edit);
    return edit;
  };
  name_ = line(tr("Name:"), tr("Your name for this target"), "targetName");
  destination_ = line(tr("SSH destination:"),
                      tr("As you would write it for ssh: host, user@host or a Host of your "
                         "~/.ssh/config. Your own keys are used; no password is stored."),
                      "targetDestination");
  port_ = new QSpinBox(this);
  port_->setRange(0, 65535);
  port_->setSpecialValueText(tr("ssh's choice"));
  form->addRow(tr("Port:"), port_);
  sshConfig_ = line(tr("SSH config file:"), tr("A config file for ssh -F; empty: ~/.ssh/config"),
                    "targetSshConfig");
  cli_ = line(tr("ConvStudio there:"),
              tr("convstudio-cli on the remote: a path or a name on its PATH"), "targetCli");
  workFolder_ =
      line(tr("Work folder:"), tr("Where submitted runs live on the remote (relative: its home)"),
           "targetWorkFolder");
  dataPath_ = line(tr("Data there:"),
                   tr("The data's path on the remote; empty: the project's data is copied"),
                   "targetDataPath");
  slurm_ = new QGroupBox(tr("SLURM cluster"), this);
  slurm_->setCheckable(true);
  slurm_->setObjectName(QStringLiteral("targetSlurm"));
  auto* slurmForm = new QFormLayout(slurm_);
  partition_ = new QLineEdit(slurm_);
  partition_->setPlaceholderText(tr("the default partition"));
  slurmForm->addRow(tr("Partition:"), partition_);
  const auto count = [this, slurmForm](const QString& label, int low, int high) {
    auto* spin = new QSpinBox(slurm_);
    spin->setRange(low, high);
    slurmForm->addRow(label, spin);
    return spin;
  };
  nodes_ = count(tr("Nodes:"), 1, 100000);
  ranksPerNode_ = count(tr("Workers per node:"), 1, 1024);
  ranksPerNode_->setToolTip(tr("One worker per GPU, or CPU ranks"));
  gpusPerNode_ = count(tr("GPUs per node:"), 0, 1024);
  timeLimit_ = new QLineEdit(slurm_);
  timeLimit_->setPlaceholderText(tr("the partition's, or e.g. 02:00:00"));
  slurmForm->addRow(tr("Time limit:"), timeLimit_);
  extraLines_ = new QPlainTextEdit(slurm_);
  extraLines_->setPlaceholderText(tr("#SBATCH --account=…  (one line each)"));
  extraLines_->setMaximumHeight(60);
  slurmForm->addRow(tr("More #SBATCH lines:"), extraLines_);
  form->addRow(slurm_);
  for (QSpinBox* spin : {port_, nodes_, ranksPerNode_, gpusPerNode_}) {
    connect(spin, &QSpinBox::valueChanged, this, &RemoteTargetForm::edited);
  }
  for (QLineEdit* edit : {partition_, timeLimit_}) {
    connect(edit, &QLineEdit::textEdited, this, &RemoteTargetForm::edited);
  }
  connect(slurm_, &QGroupBox::toggled, this, &RemoteTargetForm::edited);
  connect(extraLines_, &QPlainTextEdit::textChanged, this, &RemoteTargetForm::edited);
  setTarget(RemoteTarget{});
}

void RemoteTargetForm::setTarget(const RemoteTarget& target) {
  const QSignalBlocker blocker(this);
  name_->setText(targetText(target.name));
  destination_->setText(targetText(target.destination));
  port_->setValue(static_cast<int>(target.port));
  sshConfig_->setText(targetText(target.ssh_config));
  cli_->setText(targetText(target.cli));
  workFolder_->setText(targetText(target.work_folder));
  dataPath_->setText(targetText(target.data_path));
  const SlurmSettings slurm = target.slurm.value_or(SlurmSettings{});
  slurm_->setChecked(target.slurm.has_value());
  partition_->setText(targetText(slurm.partition));
  nodes_->setValue(static_cast<int>(slurm.nodes));
  ranksPerNode_->setValue(static_cast<int>(slurm.ranks_per_node));
  gpusPerNode_->setValue(static_cast<int>(slurm.gpus_per_node));
  timeLimit_->setText(targetText(slurm.time_limit));
  QStringList lines;
  for (const std::string& extra : slurm.extra_lines) lines << targetText(extra);
  extraLines_->setPlainText(lines.join(QLatin1Char('\n')));
}

RemoteTarget RemoteTargetForm::target() const {
  RemoteTarget target;
  target.name = name_->text().trimmed().toStdString();
  target.destination = destination_->text().trimmed().toStdString();
  target.port = port_->value();
  target.ssh_config = sshConfig_->text().toStdString();
  target.cli = cli_->text().toStdString();
  target.work_folder = workFolder_->text().toStdString();
  target.data_path = dataPath_->text().toStdString();
  if (slurm_->isChecked()) {
    SlurmSettings slurm;
    slurm.partition = partition_->text().trimmed().toStdString();
    slurm.nodes = nodes_->value();
    slurm.ranks_per_node = ranksPerNode_->value();
    slurm.gpus_per_node = gpusPerNode_->value();
    slurm.time_limit = timeLimit_->text().trimmed().toStdString();
    const QStringList lines =
        extraLines_->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString& extra : lines) slurm.extra_lines.push_back(extra.trimmed().toStdString());
    target.slurm = slurm;
  }
  return target;
}

}  // namespace convstudio
