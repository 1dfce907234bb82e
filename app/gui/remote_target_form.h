#pragma once
// The fields of one remote target (Training > Run On…): ssh destination and port, an ssh config
// file, ConvStudio and the work folder on the remote, the data there, and SLURM's settings.

#include <QWidget>

#include "convstudio/remote/remote_target.h"

class QCheckBox;
class QGroupBox;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace convstudio {

class RemoteTargetForm : public QWidget {
  Q_OBJECT

 public:
  explicit RemoteTargetForm(QWidget* parent = nullptr);

  void setTarget(const RemoteTarget& target);
  RemoteTarget target() const;

 signals:
  void edited();

 private:
  QLineEdit* name_ = nullptr;
  QLineEdit* destination_ = nullptr;
  QSpinBox* port_ = nullptr;
  QLineEdit* sshConfig_ = nullptr;
  QLineEdit* cli_ = nullptr;
  QLineEdit* workFolder_ = nullptr;
  QLineEdit* dataPath_ = nullptr;
  QGroupBox* slurm_ = nullptr;
  QLineEdit* partition_ = nullptr;
  QSpinBox* nodes_ = nullptr;
  QSpinBox* ranksPerNode_ = nullptr;
  QSpinBox* gpusPerNode_ = nullptr;
  QLineEdit* timeLimit_ = nullptr;
  QPlainTextEdit* extraLines_ = nullptr;
};

}  // namespace convstudio
