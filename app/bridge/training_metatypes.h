#pragma once
// The engine's event structs as Qt meta-types, so queued signals can carry them from the
// training thread to the UI thread by value.

#include <QMetaType>

#include <vector>

#include "convstudio/runs/run_history.h"
#include "convstudio/train/trainer.h"

Q_DECLARE_METATYPE(convstudio::StepMetrics)
Q_DECLARE_METATYPE(convstudio::EpochMetrics)
Q_DECLARE_METATYPE(convstudio::RunState)
Q_DECLARE_METATYPE(convstudio::LogLine)
Q_DECLARE_METATYPE(convstudio::RunError)
Q_DECLARE_METATYPE(convstudio::RunSummary)
Q_DECLARE_METATYPE(std::vector<convstudio::RecordedRun>)

namespace convstudio {

// Registers the types above once per process (idempotent; the controller calls it).
void registerTrainingMetaTypes();

}  // namespace convstudio
