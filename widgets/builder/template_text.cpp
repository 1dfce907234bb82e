#include "template_text.h"

#include <QCoreApplication>

namespace convstudio {
namespace {

// Keep in step with resources/templates/*.json ("description"); template_text_test fails when
// a template is added or its description changes without this list.
const char* const kDescriptions[] = {
    QT_TRANSLATE_NOOP("TemplateLibrary",
                      "LeNet-5 as in the PyTorch tutorial: two 5×5 convolutions with max-pooling, "
                      "three fully connected layers."),
    QT_TRANSLATE_NOOP("TemplateLibrary",
                      "Small MobileNet: depthwise-separable blocks (3×3 depthwise conv with groups "
                      "= channels, then 1×1 pointwise), global pool."),
    QT_TRANSLATE_NOOP("TemplateLibrary",
                      "Small ResNet: a 3×3 stem and three residual stages (24, 48, 96 channels) "
                      "with Add shortcuts, 1×1 projections where channels change, global pool."),
    QT_TRANSLATE_NOOP("TemplateLibrary",
                      "Small VGG: three stages of two 3×3 conv-BN-ReLU and a max-pool (32, 64, 128 "
                      "channels), global pool, two dense layers."),
    QT_TRANSLATE_NOOP(
        "TemplateLibrary",
        "Small U-Net for segmentation: three 2×2 max-pool levels (16, 32, 64 "
        "channels, 128 at the bottom), 2×2 transposed convolutions up, each joined to "
        "its encoder level by a Concat skip; 3×3 convolutions with BatchNorm, a 1×1 "
        "head per class. Input sides must be multiples of 8."),
    QT_TRANSLATE_NOOP("TemplateLibrary",
                      "Wide ResNet: resnet-small's 3×3 stem and three residual stages, wider (64, "
                      "128, 256 channels), 1×1 projections where channels change, global pool."),
};

}  // namespace

QString TemplateText::description(const TemplateInfo& info) {
  return QCoreApplication::translate("TemplateLibrary", info.description.c_str());
}

QStringList TemplateText::knownDescriptions() {
  QStringList list;
  for (const char* text : kDescriptions) list << QString::fromUtf8(text);
  return list;
}

}  // namespace convstudio
