#pragma once
// Reading one of the runs folder's own JSON files (the run queue, a study's plan): a JSON object
// whose "format" names it and whose "version" this ConvStudio reads (internal to engine/src/runs).

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "convstudio/error.h"
#include "convstudio/result.h"

namespace convstudio {

// The file's object; errors name the file, and the field "version" when it is newer than
// `version`. `what` names the kind for the message: "not a ConvStudio run queue (…)".
inline Result<nlohmann::ordered_json> read_versioned_json(const std::filesystem::path& file,
                                                          const std::string& format, int version,
                                                          const std::string& what) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return Error::in_file(file.string(), "cannot open the file for reading");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  nlohmann::ordered_json json =
      nlohmann::ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object() || !json.contains("format") || json["format"] != format) {
    return Error::in_file(file.string(), "not a ConvStudio " + what +
                                             " (expected a JSON object with \"format\": \"" +
                                             format + "\")");
  }
  if (!json.contains("version") || !json["version"].is_number_integer() ||
      json["version"].get<int>() > version) {
    return Error::at_field(file.string(), "version",
                           "is newer than this ConvStudio reads (" + std::to_string(version) + ")");
  }
  return json;
}

}  // namespace convstudio
