#include "trained_model_choice.h"

#include <QCoreApplication>
#include <QFile>

#include "training/runs_list.h"

namespace convstudio {

QString trainedModelText(const RunCheckpoint& checkpoint) {
  QString text = QString::fromStdString(checkpoint.run) + QStringLiteral(" · ") +
                 (checkpoint.best ? QCoreApplication::translate("TrainedModelChoice", "best")
                                  : QCoreApplication::translate("TrainedModelChoice", "last"));
  if (checkpoint.val_accuracy >= 0) {
    text +=
        QStringLiteral(" · ") + QCoreApplication::translate("TrainedModelChoice", "%1% validated")
                                    .arg(checkpoint.val_accuracy * 100, 0, 'f', 1);
  }
  return text + QStringLiteral(" · ") + RunsList::stateText(checkpoint.run_state);
}

QList<TrainedModelChoice> trainedModelChoices(const std::vector<RunCheckpoint>& checkpoints) {
  QList<TrainedModelChoice> choices;
  for (const RunCheckpoint& checkpoint : checkpoints) {
    choices.append(
        {QFile::decodeName(checkpoint.folder.string().c_str()), trainedModelText(checkpoint)});
  }
  return choices;
}

}  // namespace convstudio
