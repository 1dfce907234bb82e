#include "catalog_text.h"

#include <QCoreApplication>

#include "convstudio/model/layer_catalog.h"

namespace convstudio {

QString catalogText(const std::string& text) {
  // The engine marks each text with QT_TRANSLATE_NOOP("BlockCatalog", ...), where lupdate
  // finds it (scripts/update-translations.sh scans engine/src/blocks).
  return QCoreApplication::translate(kCatalogTextContext, text.c_str());
}

}  // namespace convstudio
