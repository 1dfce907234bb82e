#include "category_names.h"

#include <QCoreApplication>

namespace convstudio {

QString categoryTitle(const std::string& category) {
  // Spelled out so that lupdate sees each name; unknown categories show as the engine names them.
  static const char* const kNames[] = {QT_TRANSLATE_NOOP("Category", "Input/Output"),
                                       QT_TRANSLATE_NOOP("Category", "Convolution"),
                                       QT_TRANSLATE_NOOP("Category", "Normalization"),
                                       QT_TRANSLATE_NOOP("Category", "Activation"),
                                       QT_TRANSLATE_NOOP("Category", "Pooling"),
                                       QT_TRANSLATE_NOOP("Category", "Regularization"),
                                       QT_TRANSLATE_NOOP("Category", "Structure"),
                                       QT_TRANSLATE_NOOP("Category", "Dense"),
                                       QT_TRANSLATE_NOOP("Category", "Merge")};
  for (const char* name : kNames) {
    if (category == name) return QCoreApplication::translate("Category", name);
  }
  return QString::fromStdString(category);
}

}  // namespace convstudio
