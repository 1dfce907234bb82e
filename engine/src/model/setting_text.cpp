// Text a user typed for one setting (a CLI flag, a sweep value), read through the project file's
// reader so that its rules and messages are written once.

#include "convstudio/model/setting_table.h"
#include "settings_json.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

// The value as the project file would hold it: a number or true/false when the text is one,
// otherwise the text as a string; words (Text, Choice) always as strings.
Json text_json(SettingType type, std::string_view text) {
  if (type == SettingType::Text || type == SettingType::Choice) return Json(std::string(text));
  Json parsed = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (parsed.is_number() || parsed.is_boolean()) return parsed;
  return Json(std::string(text));
}

template <typename Settings, typename Read>
std::optional<Error> set_through_reader(Settings& settings, const SettingSpec<Settings>& setting,
                                        std::string_view text, const std::string& section,
                                        Read read) {
  Json json = SettingsJson::to_json(settings, SettingsJson::Keys::Every);
  Json& object = setting.group.empty() ? json : json[setting.group];
  object[setting.key] = text_json(setting.type, text);
  std::vector<Error> errors;
  Settings result = read(json, section, errors);
  if (errors.empty()) {
    settings = std::move(result);
    return std::nullopt;
  }
  // The reader names the value in most messages ("200 is outside 0..100"); where it does not
  // ("must be a whole number"), the value goes in front.
  const Error& first = errors.front();
  const bool names_value = first.message.find(text) != std::string::npos;
  return Error::in_setting(
      first.field, names_value ? first.message : "'" + std::string(text) + "' " + first.message);
}

}  // namespace

std::optional<Error> set_from_text(TrainingSettings& settings, const TrainingSetting& setting,
                                   std::string_view text) {
  return set_through_reader(settings, setting, text, "training", SettingsJson::training_from_json);
}

std::optional<Error> set_from_text(DatasetSettings& settings, const DatasetSetting& setting,
                                   std::string_view text) {
  return set_through_reader(settings, setting, text, "dataset", SettingsJson::dataset_from_json);
}

}  // namespace convstudio
