#pragma once
// The patterns of the sentences with which ModelExplainer refuses a request (MessageText::pattern).
// Marked for Qt's lupdate, which copies them into the studio's translations under the context
// "EngineMessages" (scripts/update-translations.sh); the engine stays Qt-free, so the marker
// leaves the text as it is.

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace convstudio::explain_messages {

// %1: the method ("gradcam").
inline constexpr const char* kNeedsBlock =
    QT_TRANSLATE_NOOP("EngineMessages", "%1 needs a block: name one with a C×H×W output");
// %1: the block asked for; %2: the blocks with a C×H×W output.
inline constexpr const char* kNoSuchBlock = QT_TRANSLATE_NOOP(
    "EngineMessages", "the model has no block \"%1\"; blocks with a C×H×W output: %2");
// The place says which block ("fc1 (Linear): "); %1: its output shape; %2: the method.
inline constexpr const char* kNotSpatial = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "its output is %1, not C×H×W: %2 needs a block with a spatial output (a convolution, pooling "
    "or activation before the flatten)");

// %1: the method; %2: the model's output shape (N×C×H×W).
inline constexpr const char* kSegmentation = QT_TRANSLATE_NOOP(
    "EngineMessages",
    "%1 explains one class score per image, but this is a segmentation model (%2 logits, a class "
    "per pixel): ConvStudio cannot explain it yet; its predicted mask shows what it sees");

}  // namespace convstudio::explain_messages
