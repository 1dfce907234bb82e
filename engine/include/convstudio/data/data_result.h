#pragma once
// Either a value or the DataError that prevented it. C++20 has no std::expected, and the data
// layer reports bad user data as values rather than exceptions.

#include <utility>
#include <variant>

#include "convstudio/data/data_error.h"

namespace convstudio {

template <typename T>
class DataResult {
 public:
  DataResult(T value) : state_(std::move(value)) {}
  DataResult(DataError error) : state_(std::move(error)) {}

  bool ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return ok(); }

  const T& value() const& { return std::get<T>(state_); }
  T& value() & { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }
  const DataError& error() const { return std::get<DataError>(state_); }

 private:
  std::variant<T, DataError> state_;
};

}  // namespace convstudio
