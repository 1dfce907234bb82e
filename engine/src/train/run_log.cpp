#include "run_log.h"

#include "runs/engine_messages.h"

namespace convstudio {

void RunLog::write(LogLevel level, MessageText message) {
  std::string english = message.english();
  listener_.on_log({level, std::move(english), std::move(message)});
}

void RunLog::write_as_is(LogLevel level, const std::string& text) {
  write(level, MessageText{std::string(messages::kAsIs), {text}});
}

}  // namespace convstudio
