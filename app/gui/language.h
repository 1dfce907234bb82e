#pragma once
// Installs the studio's and Qt's translations for a locale: the system one, or one the user
// forced with --lang.

#include <QLocale>
#include <QString>

class QCoreApplication;

namespace convstudio {

// Returns true when a ConvStudio translation for `locale` was found and installed.
// English needs none and returns true.
bool installTranslations(QCoreApplication& app, const QLocale& locale);

}  // namespace convstudio
