#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace convstudio {

bool installTranslations(QCoreApplication& app, const QLocale& locale) {
  if (locale.language() == QLocale::English || locale.language() == QLocale::C) return true;
  // Qt's own strings (standard buttons, About Qt) come from the system's Qt translations.
  auto* qtTranslator = new QTranslator(&app);
  if (qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                         QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
    QCoreApplication::installTranslator(qtTranslator);
  }
  auto* ourTranslator = new QTranslator(&app);
  if (!ourTranslator->load(locale, QStringLiteral("convstudio"), QStringLiteral("_"),
                           QStringLiteral(":/i18n"))) {
    delete ourTranslator;
    return false;
  }
  QCoreApplication::installTranslator(ourTranslator);
  return true;
}

}  // namespace convstudio
