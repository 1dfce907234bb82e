#include "training_metatypes.h"

#include <QList>

namespace convstudio {

void registerTrainingMetaTypes() {
  static const bool registered = [] {
    qRegisterMetaType<convstudio::StepMetrics>();
    qRegisterMetaType<QList<convstudio::StepMetrics>>();
    qRegisterMetaType<convstudio::EpochMetrics>();
    qRegisterMetaType<convstudio::RunState>();
    qRegisterMetaType<convstudio::LogLine>();
    qRegisterMetaType<convstudio::RunError>();
    qRegisterMetaType<convstudio::RunSummary>();
    qRegisterMetaType<std::vector<convstudio::RecordedRun>>();
    return true;
  }();
  Q_UNUSED(registered);
}

}  // namespace convstudio
