#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace convstudio {
namespace {

// The texts of Qt's standard dialog buttons (Cancel, Close, Yes…), which Qt translates from
// qtbase's own catalogue. Systems without Qt's translations installed (Debian's
// qt6-translations-l10n) would show them in English, so our catalogue carries them too, under
// Qt's own contexts: the generic platform theme's and GNOME's.
[[maybe_unused]] const char* const kStandardButtonTexts[] = {
    QT_TRANSLATE_NOOP("QPlatformTheme", "OK"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Save"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Open"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Cancel"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Close"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Discard"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Apply"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&Yes"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&No"),
    QT_TRANSLATE_NOOP("QGnomeTheme", "&OK"),
    QT_TRANSLATE_NOOP("QGnomeTheme", "&Save"),
    QT_TRANSLATE_NOOP("QGnomeTheme", "&Cancel"),
    QT_TRANSLATE_NOOP("QGnomeTheme", "&Close"),
    QT_TRANSLATE_NOOP("QGnomeTheme", "Close without Saving"),
};

}  // namespace

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
