#pragma once
// What a test prints when a step that had to succeed failed: the engine's Errors, one a line,
// each with its place (Error::describe).

#include <QByteArray>

#include <vector>

#include "convstudio/error.h"
#include "convstudio/result.h"

namespace convstudio {

inline QByteArray failureText(const std::vector<Error>& errors) {
  QByteArray text;
  for (const Error& error : errors) text += QByteArray::fromStdString(error.describe()) + '\n';
  return text;
}

template <class T>
QByteArray failureText(const Result<T>& result) {
  return result ? QByteArray() : QByteArray::fromStdString(result.error().describe());
}

}  // namespace convstudio
