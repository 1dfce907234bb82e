#include "engine_text.h"

#include <QCoreApplication>

namespace convstudio {

QString engineText(const MessageText& message) {
  const QString pattern = QCoreApplication::translate("EngineMessages", message.pattern.c_str());
  // One filling rule for the engine's English and the translation alike.
  return QString::fromStdString(fill_placeholders(pattern.toStdString(), message.args));
}

QString engineText(const MessageText& message, const std::string& english) {
  return message.empty() ? QString::fromStdString(english) : engineText(message);
}

QString errorText(const Error& error, const MessageText& message) {
  if (message.empty()) return QString::fromStdString(error.describe());
  Error translated = error;
  translated.message = engineText(message).toStdString();
  return QString::fromStdString(translated.describe());
}

}  // namespace convstudio
