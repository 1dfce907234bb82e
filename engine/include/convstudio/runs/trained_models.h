#pragma once
// The trained models (checkpoints) a project's runs left, which of them fit the network that is
// open, and which one to use when the user has not chosen: what Export and the Inference panel
// offer. Torch-free: reads the checkpoints' state.json and the runs' own files only.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/model/graph.h"
#include "convstudio/model/project.h"
#include "convstudio/runs/message_text.h"

namespace convstudio {

struct RunCheckpoint {
  std::filesystem::path folder;  // RUN/best.ckpt or RUN/last.ckpt
  std::string run;               // the run folder's name (its start time)
  std::string run_state;         // "finished", "cancelled", "failed", "running"
  bool best = false;             // the best validation checkpoint, else the last one
  double val_accuracy = -1;      // of that checkpoint's epoch, 0..1; -1 when not validated
};

// The first difference between the network of a checkpoint (`trained`) and the open one
// (`open`), in the user's words; nullopt when they are the same network. Block positions do
// not count; a parameter left at its default equals the default written out.
std::optional<MessageText> network_difference(const Graph& trained, const Graph& open);

// Why `checkpoint` cannot serve `open` (unreadable, or another network); nullopt when it fits.
std::optional<MessageText> checkpoint_mismatch(const std::filesystem::path& checkpoint,
                                               const Graph& open);

// The same first difference, worded for a checkpoint of this project's own runs: "trained on an
// earlier version of this network (conv1 had out_channels 6; it is 8 now)". nullopt when it
// fits; an unreadable checkpoint's reason as checkpoint_mismatch gives it.
std::optional<MessageText> earlier_version_difference(const std::filesystem::path& checkpoint,
                                                      const Graph& open);

// The project a checkpoint was trained with (its network and settings, as the run saved them);
// nullopt when the checkpoint cannot be read.
std::optional<Project> checkpoint_project(const std::filesystem::path& checkpoint);

// The newest run's checkpoint (its best, else its last) when it was trained on another version
// of `open`: what Export and Inference offer to open when no checkpoint fits any more. nullopt
// when the newest checkpoint fits, or the project has none.
std::optional<RunCheckpoint> newest_earlier_version(const std::filesystem::path& project_file,
                                                    const Graph& open);

// Every checkpoint of the project's runs that fits `open`: newest run first, its best
// checkpoint before its last one. Checkpoints of other networks are left out.
std::vector<RunCheckpoint> fitting_checkpoints(const std::filesystem::path& project_file,
                                               const Graph& open);

// The checkpoints of one run folder that fit `open`, its best before its last: a run followed
// from elsewhere (run_follower.h) that is not among the project's runs.
std::vector<RunCheckpoint> fitting_checkpoints_of_run(const std::filesystem::path& run_folder,
                                                      const Graph& open);

// What "the trained model" means when the user has not chosen one: the best checkpoint of the
// newest finished run (its last one when it kept no best); when no run finished, the newest
// fitting checkpoint. nullopt when no run left a checkpoint of this network.
std::optional<RunCheckpoint> default_checkpoint(const std::vector<RunCheckpoint>& fitting);

}  // namespace convstudio
