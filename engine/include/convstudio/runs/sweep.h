#pragma once
// Sweeps: one or more settings, each with a list of values, queued as the grid of every
// combination in one action (learning rate × batch size, AMP off/fp16/bf16). The studio's sweep
// dialog and `convstudio-cli sweep --set lr=0.01,0.003` use the same parse and the same rules.

#include <string>
#include <string_view>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/project.h"
#include "convstudio/result.h"
#include "convstudio/runs/run_queue.h"

namespace convstudio {

// One setting of a sweep and the values it takes, as the user wrote them ("0.01", "fp16").
struct SweepAxis {
  std::string setting;  // a name from sweepable_settings(): "lr", "batch_size", "horizontal_flip"
  std::vector<std::string> values;

  bool operator==(const SweepAxis&) const = default;
};

// The settings a sweep may vary, named as the project file names them ("lr", "amp",
// "horizontal_flip"): the training settings that change what is learnt, and the dataset's
// augmentation. Anything else (device, paths, checkpoints) is the same for every run of a sweep.
// They are the setting table's entries marked sweepable, in the project file's order.
const std::vector<std::string>& sweepable_settings();

// Reads "SETTING=V1,V2,…" (spaces around names and values are ignored). Errors name the place
// "sweep" for a malformed text, else the setting: an unknown setting, an empty value list, an
// empty or repeated value. Values are not checked here (apply_sweep_value does that).
Result<SweepAxis> parse_sweep_axis(std::string_view text);

// Sets one sweepable setting of `project` from text, through the project file's reader, so a
// value is valid exactly when the project file would accept it ("lr=200" is out of range in both).
// The error's place is the setting as the project file spells it ("training.lr"), and its
// message names the value. `project` is unchanged on error.
std::optional<Error> apply_sweep_value(Project& project, std::string_view setting,
                                       std::string_view value);

// A sweep id not yet used in `queue`: the local time, YYYYMMDD-HHMMSS, with "-2", "-3"… when a
// sweep of the same second is queued.
std::string new_sweep_id(const RunQueue& queue);

// The grid of `axes` over `project`: one Queued run per combination, the first axis varying
// slowest, each with `sweep_id`, a label "lr=0.01, batch_size=64" and its project's settings
// set. Errors: no axes, a setting in two axes, or the first value a setting refuses (place: the
// setting). Ids are left empty for add_to_queue.
Result<std::vector<QueuedRun>> expand_sweep(const Project& project,
                                            const std::vector<SweepAxis>& axes,
                                            const std::string& sweep_id);

}  // namespace convstudio
