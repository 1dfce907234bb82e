#pragma once
// The patterns of the sentences the engine tells the user while it trains and looks after runs
// (MessageText::pattern). Marked for Qt's lupdate, which copies them into the studio's
// translations under the context "EngineMessages"; the engine itself stays Qt-free, so the
// marker is defined here to leave the text as it is.

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace convstudio::messages {

// ---- Training log lines ----
inline constexpr const char* kLoadingDataset =
    QT_TRANSLATE_NOOP("EngineMessages", "loading the dataset");
inline constexpr const char* kTrainingOn = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "training on %1: %2 training and %3 validation images, batch %4 x accumulation %5, %6 "
    "optimizer steps");
inline constexpr const char* kAmpAutoOn = QT_TRANSLATE_NOOP(
    "EngineMessages", "mixed precision (auto): %1, which %2 computes natively (%3)");
inline constexpr const char* kAmpAutoOff = QT_TRANSLATE_NOOP(
    "EngineMessages", "mixed precision (auto): off, %1 has no native bf16 or fp16 arithmetic (%2)");
inline constexpr const char* kMemoryFormatAutoCpu = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "memory format (auto): channels-last, the layout oneDNN convolves fastest on the CPU");
inline constexpr const char* kMemoryFormatAutoCpuNarrow = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "memory format (auto): NCHW, most of the model's convolution work has fewer than 16 channels, "
    "too few for channels-last to pay in fp32 on the CPU");
inline constexpr const char* kMemoryFormatAutoGpuMixed = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "memory format (auto): channels-last, the layout of cuDNN's %1 tensor-core kernels on %2");
inline constexpr const char* kMemoryFormatAutoGpuFp32 = QT_TRANSLATE_NOOP(
    "EngineMessages", "memory format (auto): NCHW, cuDNN's usual layout for fp32 on %1");
inline constexpr const char* kMemoryFormatAutoNoConvolutions = QT_TRANSLATE_NOOP(
    "EngineMessages", "memory format (auto): NCHW, the model has no convolutions");
inline constexpr const char* kOutOfMemoryRetry = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "out of memory at batch size %1 with accumulation %2 on %3; retrying with batch %4 and "
    "accumulation %5 (same effective batch)");
inline constexpr const char* kJoiningRun =
    QT_TRANSLATE_NOOP("EngineMessages", "rank %1 of %2: joining the run at %3");
inline constexpr const char* kJoinedRun = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "%1 processes joined (%2); weights from rank 0; gradients all-reduced in %3 buckets during "
    "backward; batch %4 over all processes");
inline constexpr const char* kSyncBatchNormOn = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "SyncBatchNorm on: %1 BatchNorm2d blocks normalise with the batch statistics of all %2 "
    "processes");
inline constexpr const char* kSyncBatchNormOneProcess = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "SyncBatchNorm does nothing in a run of one process: its BatchNorm2d blocks already see the "
    "whole batch");
inline constexpr const char* kResumeWorldSize = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "%1 was written by a run of %2 processes; resume it with %2 (this run has %3), so that each "
    "step sees the same samples");
inline constexpr const char* kEarlyStopping = QT_TRANSLATE_NOOP(
    "EngineMessages", "early stopping: validation loss has not improved for %1 epochs");
inline constexpr const char* kCheckpointNotSaved =
    QT_TRANSLATE_NOOP("EngineMessages", "could not save the checkpoint: %1");
inline constexpr const char* kResumedFrom =
    QT_TRANSLATE_NOOP("EngineMessages", "resumed from %1 at epoch %2, batch %3, step %4");
inline constexpr const char* kStaleTemporaryRemoved =
    QT_TRANSLATE_NOOP("EngineMessages", "removed %1, left by a save that was interrupted");
inline constexpr const char* kCheckpointRecovered = QT_TRANSLATE_NOOP(
    "EngineMessages", "recovered %1 from the copy a save that was interrupted had moved aside");
inline constexpr const char* kLegacyOptimizerRead = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "%1 is in the old format, read with LibTorch's unpickler (meant for trusted files only); the "
    "next checkpoint saves it as optimizer.safetensors");
inline constexpr const char* kResumePlan = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "continuing to the end the run was planned with: %1 epochs, at most %2 steps (a new "
    "--epochs or --max-steps changes it)");
inline constexpr const char* kResumeDataChanged = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "the data changed since %1 was written: its fingerprint was %2, the data now gives %3 (files "
    "added, removed, edited or relabelled); the run goes on, but its figures before and after "
    "this point are not of the same data");
inline constexpr const char* kNothingLeftToTrain = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "nothing left to train: the checkpoint is at step %1 of %2 (epoch %3 of %4); give more "
    "epochs or steps to go on");
inline constexpr const char* kStartingFromWeights =
    QT_TRANSLATE_NOOP("EngineMessages", "starting from the weights in %1 (%2 tensors)");
inline constexpr const char* kPretrainedLearningRate = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "%1 block(s) with pretrained weights learn at %2 × the learning rate; %3 new block(s) at the "
    "full rate");
inline constexpr const char* kOutputReinitialised = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "%1: the class count changed, so this block starts from fresh weights; the other blocks keep "
    "theirs");
inline constexpr const char* kLossScaleCollapsed = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "the fp16 loss scale collapsed to %1 at step %2: the gradients overflow fp16 even unscaled, "
    "so steps are being thrown away. Use bf16 where the device has it, lower the learning rate, "
    "or turn on gradient clipping.");
inline constexpr const char* kManySkippedSteps = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "%1 of the first %2 steps (more than %3%) were skipped because the fp16 gradients held inf "
    "or NaN. Lower the learning rate, turn on gradient clipping, or use bf16 where the device "
    "has it.");
inline constexpr const char* kMeasuredPeakFlops = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "measured the practical peak of %1 in %2 once (matrix multiplies) for the utilisation "
    "figure: %3 GFLOP/s, kept in %4");
inline constexpr const char* kPeakFlopsUnknown =
    QT_TRANSLATE_NOOP("EngineMessages", "utilisation not shown: %1");
// A text that is already complete (a dataset warning, a file error): shown as it is.
inline constexpr const char* kAsIs = "%1";

// ---- Why a run stopped ----
inline constexpr const char* kStartWeightsUnusable =
    QT_TRANSLATE_NOOP("EngineMessages", "cannot start from the weights: %1");
inline constexpr const char* kModelProblems =
    QT_TRANSLATE_NOOP("EngineMessages", "the model has %1 problem(s); first: %2: %3");
inline constexpr const char* kClassCountMismatch = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "Output: %1 classes, but the dataset has %2; set the Output block's classes to %2");
inline constexpr const char* kOutOfMemory = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "out of memory at batch size %1 with accumulation %2 on %3. Lower the batch size (batch %4 "
    "with accumulation %5 keeps the effective batch of %6), or turn on automatic out-of-memory "
    "recovery.");
inline constexpr const char* kLossNaN = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "the loss became NaN at step %1 (epoch %2, batch %3); the weights of the last good step are "
    "kept. Lower the learning rate, turn on gradient clipping, or check the data.");
inline constexpr const char* kLossInfinite = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "the loss became infinite at step %1 (epoch %2, batch %3); the weights of the last good step "
    "are kept. Lower the learning rate, turn on gradient clipping, or check the data.");

// ---- Whether a checkpoint fits the open network ----
inline constexpr const char* kCheckpointUnreadable =
    QT_TRANSLATE_NOOP("EngineMessages", "%1 is not a readable checkpoint: %2");
inline constexpr const char* kCheckpointBlockMissing = QT_TRANSLATE_NOOP(
    "EngineMessages", "it was trained on a different network: this model has no block %1 (%2)");
inline constexpr const char* kCheckpointBlockExtra = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "it was trained on a different network: block %1 (%2) of this model is not in it");
inline constexpr const char* kCheckpointBlockType = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "it was trained on a different network: block %1 is a %2 there and a %3 here");
inline constexpr const char* kCheckpointParam = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "it was trained on a different network: %1 of block %2 is %3 there and %4 here");
inline constexpr const char* kCheckpointWiring = QT_TRANSLATE_NOOP(
    "EngineMessages", "it was trained on a different network: the wires into block %1 differ");

// The same differences for a checkpoint of the project's own runs: an earlier version of it.
inline constexpr const char* kEarlierVersionBlockMissing = QT_TRANSLATE_NOOP(
    "EngineMessages", "trained on an earlier version of this network (it had block %1, a %2)");
inline constexpr const char* kEarlierVersionBlockExtra = QT_TRANSLATE_NOOP(
    "EngineMessages", "trained on an earlier version of this network (it had no block %1)");
inline constexpr const char* kEarlierVersionBlockType = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "trained on an earlier version of this network (%1 was a %2; it is a %3 now)");
inline constexpr const char* kEarlierVersionParam = QT_TRANSLATE_NOOP(
    "EngineMessages", "trained on an earlier version of this network (%2 had %1 %3; it is %4 now)");
inline constexpr const char* kEarlierVersionWiring = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "trained on an earlier version of this network (the wires into %1 were different)");

// ---- Keeping runs with their project ----
inline constexpr const char* kRunsNotCarried =
    QT_TRANSLATE_NOOP("EngineMessages", "could not carry the runs from %1 to %2: %3");

}  // namespace convstudio::messages
