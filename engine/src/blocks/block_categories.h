#pragma once
// The palette's categories, named once. Each block type's home picks one.

#include "blocks/catalog_text.h"

namespace convstudio::blocks::category {

inline constexpr const char* kInputOutput = QT_TRANSLATE_NOOP("BlockCatalog", "Input/Output");
inline constexpr const char* kConvolution = QT_TRANSLATE_NOOP("BlockCatalog", "Convolution");
inline constexpr const char* kNormalization = QT_TRANSLATE_NOOP("BlockCatalog", "Normalization");
inline constexpr const char* kActivation = QT_TRANSLATE_NOOP("BlockCatalog", "Activation");
inline constexpr const char* kPooling = QT_TRANSLATE_NOOP("BlockCatalog", "Pooling");
inline constexpr const char* kRegularization = QT_TRANSLATE_NOOP("BlockCatalog", "Regularization");
inline constexpr const char* kStructure = QT_TRANSLATE_NOOP("BlockCatalog", "Structure");
inline constexpr const char* kDense = QT_TRANSLATE_NOOP("BlockCatalog", "Dense");
inline constexpr const char* kMerge = QT_TRANSLATE_NOOP("BlockCatalog", "Merge");

}  // namespace convstudio::blocks::category
