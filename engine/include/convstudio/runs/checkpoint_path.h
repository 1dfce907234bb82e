#pragma once
// How a checkpoint folder named by the user is read, written once for the CLI, the trainer and
// the studio: "run/last.ckpt/" (a trailing slash, as shell tab completion types it) is the same
// checkpoint as "run/last.ckpt", and its run folder is "run", never the checkpoint itself.

#include <filesystem>

namespace convstudio {

// `typed` lexically normal, without trailing separators ("run/./last.ckpt/" → "run/last.ckpt");
// an empty path stays empty, "/" stays "/".
std::filesystem::path checkpoint_folder(const std::filesystem::path& typed);

// The run folder a checkpoint belongs to: the parent of checkpoint_folder(checkpoint), "." for a
// checkpoint named without a folder.
std::filesystem::path checkpoint_run_folder(const std::filesystem::path& checkpoint);

}  // namespace convstudio
