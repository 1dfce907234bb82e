#pragma once
// Block docs, parameter names and docs and category names are English in the engine and shown
// translated by the widgets (QCoreApplication::translate("BlockCatalog", text)). lupdate finds
// them by the QT_TRANSLATE_NOOP marker; the engine has no Qt, so the marker is the text itself.
// Private to the engine: widgets and app include Qt's own definition instead.

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, text) text
#endif
