#include "settings_json.h"

#include <algorithm>
#include <functional>
#include <set>

#include "convstudio/model/setting_table.h"
#include "json_fields.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

Json value_json(const SettingValue& value) {
  return std::visit([](const auto& v) { return Json(v); }, value);
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

template <typename Settings>
Json write(const std::vector<SettingSpec<Settings>>& table, const Settings& settings,
           SettingsJson::Keys keys) {
  static const Settings defaults;
  Json json = Json::object();
  for (const SettingSpec<Settings>& setting : table) {
    const SettingValue value = setting.get(settings);
    if (setting.written_when_set && keys == SettingsJson::Keys::AsSaved &&
        value == setting.get(defaults)) {
      continue;
    }
    Json& object = setting.group.empty() ? json : json[setting.group];
    object[setting.key] = value_json(value);
  }
  return json;
}

// Reads one setting from `fields` into `settings`; the range and names come from the table.
template <typename Settings>
void read_setting(JsonFields& fields, const SettingSpec<Settings>& setting, Settings& settings) {
  const char* key = setting.key.c_str();
  switch (setting.type) {
    case SettingType::Boolean: {
      bool value = std::get<bool>(setting.get(settings));
      fields.read(key, value);
      setting.set(settings, value);
      break;
    }
    case SettingType::Integer: {
      std::int64_t value = std::get<std::int64_t>(setting.get(settings));
      fields.read(key, value, setting.integer_min, setting.integer_max);
      setting.set(settings, value);
      break;
    }
    case SettingType::Number: {
      double value = std::get<double>(setting.get(settings));
      fields.read(key, value, setting.number_min, setting.number_max);
      setting.set(settings, value);
      break;
    }
    case SettingType::Text: {
      std::string value = std::get<std::string>(setting.get(settings));
      fields.read(key, value);
      setting.set(settings, value);
      if (!setting.accepts(value)) {
        fields.error(key, "'" + value + "' is not one of " + joined(setting.names));
      }
      break;
    }
    case SettingType::Choice: {
      std::string word;
      if (!fields.read_if_present(key, word)) break;
      if (std::find(setting.names.begin(), setting.names.end(), word) != setting.names.end()) {
        setting.set(settings, word);
      } else {
        fields.error(key, "'" + word + "' is not one of " + joined(setting.names));
      }
      break;
    }
  }
}

// The settings of `group` ("" for the section's own keys) from `fields`, in table order.
template <typename Settings>
void read_group(JsonFields& fields, const std::vector<SettingSpec<Settings>>& table,
                const std::string& group, Settings& settings) {
  for (const SettingSpec<Settings>& setting : table) {
    if (setting.group == group) read_setting(fields, setting, settings);
  }
}

// A section's own keys and each of its groups' objects, every unknown key reported.
template <typename Settings>
Settings read(const std::vector<SettingSpec<Settings>>& table, const Json& json,
              const std::string& path, std::vector<Error>& errors,
              const std::function<void(JsonFields&, const std::string&, Settings&)>& rules) {
  Settings settings;
  JsonFields fields(json, path, errors);
  if (!fields.valid()) return settings;
  std::set<std::string> groups_read;
  for (const SettingSpec<Settings>& setting : table) {
    if (setting.group.empty()) {
      read_setting(fields, setting, settings);
    } else if (groups_read.insert(setting.group).second) {
      if (const Json* object = fields.object(setting.group.c_str())) {
        JsonFields group(*object, fields.field(setting.group), errors);
        if (group.valid()) {
          read_group(group, table, setting.group, settings);
          rules(group, setting.group, settings);
          group.finish();
        }
      }
    }
  }
  rules(fields, "", settings);
  fields.finish();
  return settings;
}

// Rules between two settings that a project file must keep (the augmentation's crop ranges).
void dataset_rules(JsonFields& fields, const std::string& group, DatasetSettings& d) {
  if (group != "augmentation") return;
  const AugmentationSettings& a = d.augmentation;
  if (a.crop_min_scale > a.crop_max_scale)
    fields.error("crop_min_scale", "is above crop_max_scale");
  if (a.crop_min_ratio > a.crop_max_ratio)
    fields.error("crop_min_ratio", "is above crop_max_ratio");
}

// Project files before memory_format said "channels_last": true or false. Files that wrote every
// key wrote false for the default, which was no choice, so it reads as the default now (Auto).
void training_rules(JsonFields& fields, const std::string& group, TrainingSettings& t) {
  constexpr const char* kFormer = "channels_last";
  if (!group.empty() || !fields.contains(kFormer)) return;
  if (fields.contains("memory_format")) {
    fields.skip(kFormer);
    fields.error(kFormer, "is the former name of memory_format; give only memory_format");
    return;
  }
  bool asked = false;
  fields.read(kFormer, asked);
  if (asked) t.memory_format = MemoryFormat::ChannelsLast;
}

}  // namespace

Json SettingsJson::to_json(const DatasetSettings& dataset, Keys keys) {
  return write(dataset_setting_table(), dataset, keys);
}

Json SettingsJson::to_json(const TrainingSettings& training, Keys keys) {
  return write(training_setting_table(), training, keys);
}

DatasetSettings SettingsJson::dataset_from_json(const Json& json, const std::string& path,
                                                std::vector<Error>& errors) {
  return read<DatasetSettings>(dataset_setting_table(), json, path, errors, dataset_rules);
}

AugmentationSettings SettingsJson::augmentation_from_json(const Json& json, const std::string& path,
                                                          std::vector<Error>& errors) {
  DatasetSettings d;
  JsonFields fields(json, path, errors);
  if (!fields.valid()) return d.augmentation;
  read_group(fields, dataset_setting_table(), "augmentation", d);
  dataset_rules(fields, "augmentation", d);
  fields.finish();
  return d.augmentation;
}

TrainingSettings SettingsJson::training_from_json(const Json& json, const std::string& path,
                                                  std::vector<Error>& errors) {
  return read<TrainingSettings>(training_setting_table(), json, path, errors, training_rules);
}

}  // namespace convstudio
