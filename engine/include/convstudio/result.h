#pragma once
// A value, or the Error saying what prevented it and where. C++20 has no std::expected; this is
// the small part of it the engine needs. Functions with nothing to return give
// std::optional<Error> instead.

#include <cassert>
#include <utility>
#include <variant>

#include "convstudio/error.h"

namespace convstudio {

template <class T>
class Result {
 public:
  Result(T value) : content_(std::move(value)) {}
  Result(Error error) : content_(std::move(error)) {}

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
  const Error& error() const {
    assert(!ok());
    return std::get<Error>(content_);
  }

 private:
  std::variant<T, Error> content_;
};

}  // namespace convstudio
