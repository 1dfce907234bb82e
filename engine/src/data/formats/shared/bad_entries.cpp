#include "data/formats/shared/bad_entries.h"

namespace convstudio::formats {

void BadEntries::add(std::int64_t line, std::string message) {
  if (count_++ == 0) first_ = Error::at_line(file_, static_cast<int>(line), 1, std::move(message));
}

std::optional<Error> BadEntries::error() const {
  if (count_ == 0) return std::nullopt;
  Error error = first_;
  if (count_ > 1) {
    error.message += " (and " + std::to_string(count_ - 1) + " more bad " + noun_ +
                     (count_ > 2 ? "s" : "") + ")";
  }
  return error;
}

}  // namespace convstudio::formats
