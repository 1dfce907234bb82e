#pragma once
// The built-in templates' descriptions in the user's language. The templates are JSON files
// (resources/templates) that lupdate cannot read, so their English descriptions are listed here
// once more for it (context "TemplateLibrary"); a test proves the list matches the templates.

#include <QStringList>

#include "convstudio/model/template_library.h"

namespace convstudio {

class TemplateText {
 public:
  static QString description(const TemplateInfo& info);
  // The English descriptions lupdate sees, one per built-in template.
  static QStringList knownDescriptions();
};

}  // namespace convstudio
