#include "json_fields.h"

#include <cmath>

#include "convstudio/model/param_value.h"

namespace convstudio {

JsonFields::JsonFields(const nlohmann::ordered_json& json, std::string path,
                       std::vector<Error>& errors)
    : json_(json), path_(std::move(path)), errors_(errors) {
  if (!json_.is_object()) errors_.push_back(Error::at_field("", path_, "must be a JSON object"));
}

void JsonFields::error(std::string_view key, std::string message) {
  errors_.push_back(Error::at_field("", field(key), std::move(message)));
}

const nlohmann::ordered_json* JsonFields::find(const char* key) {
  seen_.insert(key);
  if (!json_.is_object()) return nullptr;
  auto it = json_.find(key);
  return it == json_.end() ? nullptr : &*it;
}

void JsonFields::read(const char* key, std::int64_t& value, std::int64_t min, std::int64_t max) {
  const auto* json = find(key);
  if (json == nullptr) return;
  if (!json->is_number_integer()) return error(key, "must be a whole number");
  const std::int64_t v = json->get<std::int64_t>();
  if (v < min || v > max) {
    return error(
        key, std::to_string(v) + " is outside " + std::to_string(min) + ".." + std::to_string(max));
  }
  value = v;
}

void JsonFields::read(const char* key, double& value, double min, double max) {
  const auto* json = find(key);
  if (json == nullptr) return;
  if (!json->is_number()) return error(key, "must be a number");
  const double v = json->get<double>();
  if (!std::isfinite(v) || v < min || v > max) {
    return error(key, to_string(ParamValue(v)) + " is outside " + to_string(ParamValue(min)) +
                          ".." + to_string(ParamValue(max)));
  }
  value = v;
}

void JsonFields::read(const char* key, bool& value) {
  const auto* json = find(key);
  if (json == nullptr) return;
  if (!json->is_boolean()) return error(key, "must be true or false");
  value = json->get<bool>();
}

void JsonFields::read(const char* key, std::string& value) {
  read_if_present(key, value);
}

bool JsonFields::read_if_present(const char* key, std::string& value) {
  const auto* json = find(key);
  if (json == nullptr) return false;
  if (!json->is_string()) {
    error(key, "must be a string");
    return false;
  }
  value = json->get<std::string>();
  return true;
}

const nlohmann::ordered_json* JsonFields::object(const char* key) {
  const auto* json = find(key);
  if (json != nullptr && !json->is_object()) {
    error(key, "must be a JSON object");
    return nullptr;
  }
  return json;
}

const nlohmann::ordered_json* JsonFields::array(const char* key) {
  const auto* json = find(key);
  if (json != nullptr && !json->is_array()) {
    error(key, "must be a JSON array");
    return nullptr;
  }
  return json;
}

void JsonFields::finish() {
  if (!json_.is_object()) return;
  for (const auto& [key, value] : json_.items()) {
    if (!seen_.contains(key)) error(key, "unknown key '" + key + "'");
  }
}

}  // namespace convstudio
