#pragma once
// A 64-bit FNV-1a hash that is the same on every build and (little-endian) machine, which
// std::hash does not promise:
// for names derived from content (a graph's version, a file index's cache file) and for
// fingerprints of data. Not for security: a collision can be made on purpose.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace convstudio {

class StableHash {
 public:
  StableHash& add(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) value_ = (value_ ^ bytes[i]) * kPrime;
    return *this;
  }
  // The text and its length, so "ab"+"c" and "a"+"bc" differ.
  StableHash& add(std::string_view text) {
    add(static_cast<std::uint64_t>(text.size()));
    return add(text.data(), text.size());
  }
  StableHash& add(std::uint64_t number) { return add(&number, sizeof number); }
  StableHash& add(std::int64_t number) { return add(static_cast<std::uint64_t>(number)); }

  std::uint64_t value() const { return value_; }
  // 16 lower-case hex digits.
  std::string hex() const {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value_));
    return text;
  }

  // The hash of `text`'s bytes alone (no length), as the cache file names were made.
  static std::uint64_t of(std::string_view text) {
    StableHash hash;
    hash.add(text.data(), text.size());
    return hash.value();
  }

 private:
  static constexpr std::uint64_t kOffset = 0xCBF29CE484222325ull;
  static constexpr std::uint64_t kPrime = 0x100000001B3ull;
  std::uint64_t value_ = kOffset;
};

}  // namespace convstudio
