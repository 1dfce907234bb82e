#pragma once
// The bad entries of a list (a CSV's rows, a labels file's lines): the first is the error, at its
// line, and the others are counted in its message, "(and 3 more bad rows)", so one pass shows
// where to start and how much is wrong.

#include <cstdint>
#include <optional>
#include <string>

#include "convstudio/error.h"

namespace convstudio::formats {

class BadEntries {
 public:
  // `noun`: what an entry is called in the count, "row" or "line".
  BadEntries(std::string file, std::string noun) : file_(std::move(file)), noun_(std::move(noun)) {}

  void add(std::int64_t line, std::string message);
  std::int64_t count() const { return count_; }
  std::optional<Error> error() const;

 private:
  std::string file_;
  std::string noun_;
  Error first_;
  std::int64_t count_ = 0;
};

}  // namespace convstudio::formats
