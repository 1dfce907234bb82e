#pragma once
// The trained models a project offers (its runs' checkpoints that fit the open network), as
// Export and the Inference panel list them: where each is and how it reads to the user.

#include <QList>
#include <QString>

#include <vector>

#include "convstudio/runs/trained_models.h"

namespace convstudio {

struct TrainedModelChoice {
  QString path;  // the checkpoint folder
  QString text;  // "20261121-090000 · best · 88.5% · finished"
};

// One line per checkpoint, in the engine's order (newest run first, best before last).
QList<TrainedModelChoice> trainedModelChoices(const std::vector<RunCheckpoint>& checkpoints);
QString trainedModelText(const RunCheckpoint& checkpoint);

}  // namespace convstudio
