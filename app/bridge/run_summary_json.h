#pragma once
// A run's final figures as the JSON the CLI prints and RunRecorder::finish() stores, so a run
// from the studio reads the same as one from the CLI.

#include <nlohmann/json.hpp>

#include "convstudio/train/trainer.h"

namespace convstudio {

nlohmann::json runSummaryJson(const RunSummary& summary);

}  // namespace convstudio
