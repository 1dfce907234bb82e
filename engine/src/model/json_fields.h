#pragma once
// Reading one JSON object field by field, with errors that name the field path (internal).

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "convstudio/error.h"

namespace convstudio {

// Reads keys of a JSON object into typed values. A missing key keeps the value it had (the
// default); a wrong type, an out-of-range number or an unknown key becomes a Error whose
// field is `path.key`. Call finish() to report the keys nobody read.
class JsonFields {
 public:
  JsonFields(const nlohmann::ordered_json& json, std::string path, std::vector<Error>& errors);

  void read(const char* key, std::int64_t& value, std::int64_t min, std::int64_t max);
  void read(const char* key, double& value, double min, double max);
  void read(const char* key, bool& value);
  void read(const char* key, std::string& value);
  // Reads a string when the key is there; false when it is missing or not a string (reported).
  bool read_if_present(const char* key, std::string& value);
  // Reads a string and turns it into an enum with `parse`; `choices` names the valid words.
  template <typename Enum>
  void read_enum(const char* key, Enum& value,
                 const std::function<std::optional<Enum>(std::string_view)>& parse,
                 const char* choices) {
    std::string text;
    if (!read_if_present(key, text)) return;
    if (auto parsed = parse(text)) {
      value = *parsed;
    } else {
      error(key, "'" + text + "' is not one of " + choices);
    }
  }
  // The child object (or array) at `key`, or nullptr when missing; wrong kinds are reported.
  const nlohmann::ordered_json* object(const char* key);
  const nlohmann::ordered_json* array(const char* key);
  bool contains(const char* key) const { return json_.is_object() && json_.contains(key); }
  // Marks a key as read without reading it (handled elsewhere).
  void skip(const char* key) { seen_.insert(key); }
  void finish();

  bool valid() const { return json_.is_object(); }
  std::string field(std::string_view key) const { return path_ + "." + std::string(key); }
  void error(std::string_view key, std::string message);

 private:
  const nlohmann::ordered_json* find(const char* key);

  const nlohmann::ordered_json& json_;
  std::string path_;
  std::vector<Error>& errors_;
  std::set<std::string, std::less<>> seen_;
};

}  // namespace convstudio
