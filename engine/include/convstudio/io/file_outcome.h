#pragma once
// The result of reading or writing a file: a value or the FileError saying what went wrong and
// where. C++20 has no std::expected; this is the small part of it we need.

#include <cassert>
#include <utility>
#include <variant>

#include "convstudio/io/file_error.h"

namespace convstudio {

template <class T>
class FileOutcome {
 public:
  FileOutcome(T value) : content_(std::move(value)) {}
  FileOutcome(FileError error) : content_(std::move(error)) {}

  bool ok() const { return std::holds_alternative<T>(content_); }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<T>(content_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<T>(content_);
  }
  T&& value() && {
    assert(ok());
    return std::get<T>(std::move(content_));
  }
  const FileError& error() const {
    assert(!ok());
    return std::get<FileError>(content_);
  }

 private:
  std::variant<T, FileError> content_;
};

}  // namespace convstudio
