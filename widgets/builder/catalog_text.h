#pragma once
// The layer catalog's texts in the user's language: block descriptions and parameter docs
// (context "LayerCatalog") and parameter labels (context "LayerParameter"). The catalog is
// engine code that lupdate does not read, so its English is listed here once more; a test
// proves the lists match the catalog.

#include <QStringList>

#include "convstudio/model/layer_catalog.h"

namespace convstudio {

class CatalogText {
 public:
  static QString blockDoc(const BlockSpec& spec);
  static QString paramDoc(const ParamSpec& spec);
  // The parameter's name as a label: its PyTorch identifier in English.
  static QString paramLabel(const ParamSpec& spec);
  // The English lupdate sees: every block and parameter doc, every parameter name.
  static QStringList knownDocs();
  static QStringList knownParamNames();
};

}  // namespace convstudio
