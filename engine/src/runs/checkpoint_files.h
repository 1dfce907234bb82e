#pragma once
// The files of a checkpoint folder (NAME.ckpt/), named once for the torch half that writes and
// loads them (train/checkpoint_store) and the torch-free half that lists and checks them.

namespace convstudio {

inline constexpr char kCheckpointModelFile[] = "model.safetensors";
inline constexpr char kCheckpointOptimizerFile[] = "optimizer.safetensors";
// What held the optimizer state before: LibTorch's archive, read (only to resume) with its
// unpickler, which is meant for trusted files.
inline constexpr char kLegacyCheckpointOptimizerFile[] = "optimizer.pt";
inline constexpr char kCheckpointStateFile[] = "state.json";
// The checkpoints a run keeps in its folder.
inline constexpr char kBestCheckpointFolder[] = "best.ckpt";
inline constexpr char kLastCheckpointFolder[] = "last.ckpt";

}  // namespace convstudio
