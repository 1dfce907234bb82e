#pragma once
// A run's final figures as one JSON object: the CLI's last stdout line and what
// RunRecorder::finish() stores, so a run from the studio reads the same as one from the CLI.

#include <nlohmann/json.hpp>

#include "convstudio/train/trainer.h"

namespace convstudio {

nlohmann::json run_summary_json(const RunSummary& summary);

}  // namespace convstudio
