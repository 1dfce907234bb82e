#pragma once
// Reads the typed fields of a checkpoint's state.json and remembers the first problem, placed at
// its dotted path in the file, so the parsing code reads as a list of fields with their ranges
// rather than a ladder of checks. Internal to checkpoint_state.cpp and checkpoint_config.cpp.

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "convstudio/error.h"

namespace convstudio {

inline std::string dotted(const std::string& path, const char* key) {
  return path.empty() ? std::string(key) : path + "." + key;
}

class StateFieldReader {
 public:
  using json = nlohmann::json;

  explicit StateFieldReader(const std::string& source) : source_(source) {}

  const json& field(const json& object, const std::string& path, const char* key,
                    bool (json::*is_type)() const noexcept, const char* type_name) {
    static const json kNull;
    if (error_) return kNull;
    const std::string name = dotted(path, key);
    if (!object.is_object() || !object.contains(key)) {
      fail(name, "is missing");
      return kNull;
    }
    const json& value = object.at(key);
    if (!(value.*is_type)()) {
      fail(name, std::string("is not ") + type_name);
      return kNull;
    }
    return value;
  }
  // An integer in min..max. A JSON integer past int64 (read as unsigned) is out of range too,
  // never wrapped to a negative one.
  std::int64_t integer(const json& o, const std::string& path, const char* key,
                       std::int64_t min = std::numeric_limits<std::int64_t>::min(),
                       std::int64_t max = std::numeric_limits<std::int64_t>::max()) {
    const json& v = field(o, path, key, &json::is_number_integer, "an integer");
    if (error_) return 0;
    return in_range(v, dotted(path, key), min, max);
  }
  std::int64_t in_range(const json& v, const std::string& name, std::int64_t min,
                        std::int64_t max) {
    const bool too_large =
        v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(max);
    const std::int64_t value = too_large ? max : v.get<std::int64_t>();
    if (too_large || value < min || value > max) {
      fail(name,
           "is " + v.dump() + ", outside " + std::to_string(min) + ".." + std::to_string(max));
      return min;
    }
    return value;
  }
  // A finite number (JSON cannot hold NaN or infinity, but 1e308 * 10 parses as one elsewhere).
  double number(const json& o, const std::string& path, const char* key,
                double min = std::numeric_limits<double>::lowest(),
                double max = std::numeric_limits<double>::max()) {
    const json& v = field(o, path, key, &json::is_number, "a number");
    if (error_) return 0.0;
    const double value = v.get<double>();
    if (!std::isfinite(value) || value < min || value > max) {
      fail(dotted(path, key),
           "is " + v.dump() + ", outside " + json(min).dump() + ".." + json(max).dump());
      return min;
    }
    return value;
  }
  std::string text(const json& o, const std::string& path, const char* key) {
    const json& v = field(o, path, key, &json::is_string, "a string");
    return error_ ? std::string() : v.get<std::string>();
  }
  const json& object(const json& o, const std::string& path, const char* key) {
    return field(o, path, key, &json::is_object, "an object");
  }

  void fail(const std::string& field, const std::string& message) {
    if (!error_) error_ = Error::at_field(source_, field, message);
  }
  const std::optional<Error>& error() const { return error_; }

 private:
  std::string source_;
  std::optional<Error> error_;
};

}  // namespace convstudio
