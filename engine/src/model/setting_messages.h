#pragma once
// The patterns of what check_settings tells the user (MessageText::pattern). Marked for Qt's
// lupdate, which copies them into the studio's translations under the context "EngineMessages"
// (scripts/update-translations.sh); the engine stays Qt-free, so the marker leaves the text as is.

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace convstudio::setting_messages {

// ---- Dataset ----
inline constexpr const char* kChooseCsv = QT_TRANSLATE_NOOP(
    "EngineMessages", "Choose the CSV file that lists the images and their labels.");
inline constexpr const char* kChooseFolder =
    QT_TRANSLATE_NOOP("EngineMessages", "Choose the folder that holds the dataset.");
inline constexpr const char* kNoLabelsFile =
    QT_TRANSLATE_NOOP("EngineMessages", "The labels file %1 does not exist.");
inline constexpr const char* kNoDatasetFolder =
    QT_TRANSLATE_NOOP("EngineMessages", "The dataset folder %1 does not exist.");
inline constexpr const char* kValidationShare = QT_TRANSLATE_NOOP(
    "EngineMessages", "The validation share must be between 0 and 100% (exclusive).");
inline constexpr const char* kNoSuchFold = QT_TRANSLATE_NOOP(
    "EngineMessages", "There is no validation fold %1 of %2 folds (they count from 0).");
inline constexpr const char* kMirroredDigits = QT_TRANSLATE_NOOP(
    "EngineMessages", "Mirroring changes the meaning of digits and letters; check the preview.");

// ---- Device ----
inline constexpr const char* kUnknownDevice =
    QT_TRANSLATE_NOOP("EngineMessages", "Unknown device %1.");
inline constexpr const char* kCudaUnavailable =
    QT_TRANSLATE_NOOP("EngineMessages", "CUDA is not available (%1); choose the CPU.");
inline constexpr const char* kNoSuchGpu =
    QT_TRANSLATE_NOOP("EngineMessages", "There is no CUDA device %1; this machine has %2.");
inline constexpr const char* kTooFewGpus =
    QT_TRANSLATE_NOOP("EngineMessages", "%1 processes need %1 GPUs; this machine has %2.");
inline constexpr const char* kFp16OnCpu = QT_TRANSLATE_NOOP(
    "EngineMessages", "fp16 on the CPU is slow and saves nothing; use bf16 or turn AMP off.");
inline constexpr const char* kSlowBf16 = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "%1 has no fast bf16 (compute capability %2.%3 < 8.0); fp16 is faster there.");
inline constexpr const char* kDeterministicOnGpu = QT_TRANSLATE_NOOP(
    "EngineMessages", "Deterministic algorithms are slower on the GPU, and some layers have none.");

// ---- Optimizer and schedule ----
inline constexpr const char* kLrNotPositive =
    QT_TRANSLATE_NOOP("EngineMessages", "The learning rate must be above 0.");
inline constexpr const char* kLrAboveOne =
    QT_TRANSLATE_NOOP("EngineMessages", "A learning rate above 1 usually makes the loss diverge.");
inline constexpr const char* kNegativeWeightDecay =
    QT_TRANSLATE_NOOP("EngineMessages", "Weight decay cannot be negative.");
inline constexpr const char* kNegativeClipNorm = QT_TRANSLATE_NOOP(
    "EngineMessages", "The clipping norm cannot be negative (0 turns clipping off).");
inline constexpr const char* kNesterovSgdOnly = QT_TRANSLATE_NOOP(
    "EngineMessages", "Nesterov momentum applies to SGD only; %1 trains without it.");
inline constexpr const char* kNesterovNeedsMomentum = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "Nesterov momentum needs a momentum above 0; without one, training leaves it out.");
inline constexpr const char* kLongWarmup = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "The warm-up (%1 steps) is longer than half the run (%2 steps); training shortens it to %3 "
    "steps.");
inline constexpr const char* kStepNeverDrops = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "The step schedule lowers the rate every %1 epochs; a run of %2 epochs never reaches the "
    "first drop.");

// ---- Run ----
inline constexpr const char* kBatchBelowOne =
    QT_TRANSLATE_NOOP("EngineMessages", "The batch size must be at least 1.");
inline constexpr const char* kAccumulateBelowOne =
    QT_TRANSLATE_NOOP("EngineMessages", "Gradient accumulation must be at least 1 batch.");
inline constexpr const char* kNoEpochs =
    QT_TRANSLATE_NOOP("EngineMessages", "Train for at least one epoch.");
inline constexpr const char* kOomRetryAtOne = QT_TRANSLATE_NOOP(
    "EngineMessages", "Automatic out-of-memory recovery halves the batch; with batch 1 it cannot.");
inline constexpr const char* kOnlyFinalCheckpoint = QT_TRANSLATE_NOOP(
    "EngineMessages", "Only the final checkpoint is written; a crash loses the whole run.");
inline constexpr const char* kEarlyStoppingNever = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "Early stopping after %1 epochs without improvement can never trigger in a run of %2 epochs.");

// ---- Loss ----
inline constexpr const char* kBadClassWeights = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "Class weights \"%1\": write none, balanced, or one weight of 0 or more per class, "
    "separated by commas (not all 0).");
inline constexpr const char* kBalancedTwice = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "The class-balanced sampler already shows every class alike; balanced class weights on top "
    "favour the rare classes a second time. Choose one of the two.");

inline constexpr const char* kMixingMasks = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "Mixup and CutMix blend the labels of two images; segmentation data has a mask per image, "
    "which they cannot blend. Set mixup_alpha and cutmix_alpha to 0.");
inline constexpr const char* kBalancedMasks = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "The class-balanced sampler draws images by their one class; segmentation images hold many "
    "classes. Use the shuffle sampler, and class weights for rare classes.");

}  // namespace convstudio::setting_messages
