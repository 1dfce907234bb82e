#pragma once
// The optimizers' editor texts are English in the engine and shown translated by the widgets
// (QCoreApplication::translate("Optimizer", text)); their settings warnings are "EngineMessages"
// patterns like the other settings rules'. lupdate finds them by the QT_TRANSLATE_NOOP marker;
// the engine has no Qt, so the marker is the text itself.

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, text) text
#endif
