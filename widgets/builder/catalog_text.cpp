#include "catalog_text.h"

#include <QCoreApplication>

namespace convstudio {
namespace {

// Keep in step with the layer catalog's docs; catalog_text_test fails when a block or parameter
// is added or reworded without this list. (lupdate reads these; the catalog is engine code.)
const char* const kDocs[] = {
    QT_TRANSLATE_NOOP("LayerCatalog", "The image batch entering the network (C×H×W per sample)."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Image channels: 1 grey, 3 colour."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Image height in pixels."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Image width in pixels."),
    QT_TRANSLATE_NOOP("LayerCatalog",
                      "2-D convolution; input channels are inferred from the incoming wire."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Number of filters (output channels)."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Kernel size (square)."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Step between kernel positions."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Zero padding on each side (padding_mode explicit)."),
    QT_TRANSLATE_NOOP(
        "LayerCatalog",
        "explicit uses `padding`; same keeps H×W (PyTorch padding='same', stride 1)."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Spacing between kernel taps."),
    QT_TRANSLATE_NOOP("LayerCatalog",
                      "Channel groups; = input channels makes a depthwise convolution."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Learn a bias per output channel."),
    QT_TRANSLATE_NOOP("LayerCatalog",
                      "Batch normalisation per channel, with learned scale and shift."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Added to the variance."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Weight of the newest batch in the running statistics."),
    QT_TRANSLATE_NOOP("LayerCatalog", "max(0, x)."),
    QT_TRANSLATE_NOOP("LayerCatalog", "x for x > 0, slope·x otherwise."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Slope for negative inputs."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Gaussian error linear unit (exact)."),
    QT_TRANSLATE_NOOP("LayerCatalog", "x·sigmoid(x), also called swish."),
    QT_TRANSLATE_NOOP("LayerCatalog", "1 / (1 + e^-x)."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Hyperbolic tangent."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Maximum over each window."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Window size (square)."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Step between windows; 0 = the kernel size."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Implicit padding on each side; at most half the kernel."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Average over each window (padding counts as zeros)."),
    QT_TRANSLATE_NOOP("LayerCatalog",
                      "Averages to a fixed output size; size 1 is global average pooling."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Output height and width; 1 = global pool."),
    QT_TRANSLATE_NOOP("LayerCatalog",
                      "Zeroes random elements while training and rescales the rest."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Probability of zeroing an element."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Zeroes whole random channels while training."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Probability of zeroing a channel."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Turns C×H×W into a flat vector of C·H·W features."),
    QT_TRANSLATE_NOOP("LayerCatalog",
                      "Fully connected layer on a flat input; input features are inferred."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Number of output features."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Learn a bias per output feature."),
    QT_TRANSLATE_NOOP("LayerCatalog",
                      "Element-wise sum of 2 to 8 inputs of the same shape (residual)."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Joins 2 to 8 inputs along the channels (same H×W)."),
    QT_TRANSLATE_NOOP(
        "LayerCatalog",
        "Class scores: a Linear layer to `classes` on a flat input; softmax only at inference."),
    QT_TRANSLATE_NOOP("LayerCatalog", "Number of classes."),
    QT_TRANSLATE_NOOP("LayerCatalog",
                      "Apply softmax when running for inference; training always uses logits."),
};

// Parameter names as the Properties panel labels them; English keeps PyTorch's identifiers.
const char* const kParamNames[] = {
    QT_TRANSLATE_NOOP("LayerParameter", "bias"),
    QT_TRANSLATE_NOOP("LayerParameter", "channels"),
    QT_TRANSLATE_NOOP("LayerParameter", "classes"),
    QT_TRANSLATE_NOOP("LayerParameter", "dilation"),
    QT_TRANSLATE_NOOP("LayerParameter", "eps"),
    QT_TRANSLATE_NOOP("LayerParameter", "groups"),
    QT_TRANSLATE_NOOP("LayerParameter", "height"),
    QT_TRANSLATE_NOOP("LayerParameter", "kernel"),
    QT_TRANSLATE_NOOP("LayerParameter", "momentum"),
    QT_TRANSLATE_NOOP("LayerParameter", "negative_slope"),
    QT_TRANSLATE_NOOP("LayerParameter", "out_channels"),
    QT_TRANSLATE_NOOP("LayerParameter", "out_features"),
    QT_TRANSLATE_NOOP("LayerParameter", "output_size"),
    QT_TRANSLATE_NOOP("LayerParameter", "p"),
    QT_TRANSLATE_NOOP("LayerParameter", "padding"),
    QT_TRANSLATE_NOOP("LayerParameter", "padding_mode"),
    QT_TRANSLATE_NOOP("LayerParameter", "softmax"),
    QT_TRANSLATE_NOOP("LayerParameter", "stride"),
    QT_TRANSLATE_NOOP("LayerParameter", "width"),
};

QStringList listed(const char* const* texts, std::size_t count) {
  QStringList list;
  for (std::size_t i = 0; i < count; ++i) list << QString::fromUtf8(texts[i]);
  return list;
}

}  // namespace

QString CatalogText::blockDoc(const BlockSpec& spec) {
  return QCoreApplication::translate("LayerCatalog", spec.doc.c_str());
}

QString CatalogText::paramDoc(const ParamSpec& spec) {
  return QCoreApplication::translate("LayerCatalog", spec.doc.c_str());
}

QString CatalogText::paramLabel(const ParamSpec& spec) {
  return QCoreApplication::translate("LayerParameter", spec.name.c_str());
}

QStringList CatalogText::knownDocs() {
  return listed(kDocs, std::size(kDocs));
}

QStringList CatalogText::knownParamNames() {
  return listed(kParamNames, std::size(kParamNames));
}

}  // namespace convstudio
