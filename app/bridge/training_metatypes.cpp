#include "training_metatypes.h"

namespace convstudio {

void registerTrainingMetaTypes() {
  static const bool registered = [] {
    qRegisterMetaType<convstudio::StepMetrics>();
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
