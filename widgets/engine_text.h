#pragma once
// The engine's sentences in the user's language: a MessageText's pattern is looked up in the
// translations (context "EngineMessages", the patterns lupdate found in the engine), then the
// same arguments are filled in. A pattern without a translation reads as the engine's English.

#include <QString>

#include "convstudio/error.h"
#include "convstudio/runs/message_text.h"

namespace convstudio {

QString engineText(const MessageText& message);
// `message` translated when it is set, else `english` (a text from before message ids).
QString engineText(const MessageText& message, const std::string& english);
// `error` on one line, its place first (Error::describe: file:line, block, setting), the message
// in the user's language when `message` (its message id) is set.
QString errorText(const Error& error, const MessageText& message = {});

}  // namespace convstudio
