#include "data/formats/shared/class_list.h"

#include <charconv>
#include <set>

#include <nlohmann/json.hpp>

#include "data/file_index.h"
#include "data/formats/shared/csv_fields.h"
#include "data/regular_file.h"

namespace convstudio::formats {
namespace {

constexpr std::int64_t kMaxClassFileBytes = std::int64_t{1} << 20;

bool ends_with(const std::string& text, std::string_view tail) {
  return text.size() >= tail.size() &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

std::optional<int> channel_value(std::string_view word) {
  int value = -1;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (error != std::errc() || end != word.data() + word.size() || value < 0 || value > 255) {
    return std::nullopt;
  }
  return value;
}

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
    std::size_t end = at;
    while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
    if (end > at) words.push_back(line.substr(at, end - at));
    at = end;
  }
  return words;
}

// A name followed by exactly three channel values has a colour; anything else is all name (a
// name may hold spaces, "potted plant").
Result<ClassList> parse_lines(std::string_view text, const std::string& file) {
  ClassList list;
  std::set<std::string> seen;
  int number = 0;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++number;
    if (line.size() > kMaxClassLineBytes) {
      return Error::at_line(file, number, 1, "the line is longer than 4096 bytes");
    }
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (number == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
    const std::string trimmed = trimmed_field(line);
    if (trimmed.empty() || trimmed.front() == '#') {
      if (end == text.size()) break;
      continue;
    }
    std::vector<std::string_view> words = words_of(trimmed);
    std::string name = trimmed;
    std::optional<ClassColour> colour;
    if (words.size() >= 4) {
      const auto r = channel_value(words[words.size() - 3]);
      const auto g = channel_value(words[words.size() - 2]);
      const auto b = channel_value(words[words.size() - 1]);
      if (r && g && b) {
        colour = ClassColour{static_cast<std::uint8_t>(*r), static_cast<std::uint8_t>(*g),
                             static_cast<std::uint8_t>(*b)};
        const std::size_t colour_at = static_cast<std::size_t>(words[words.size() - 3].data() -
                                                               std::string_view(trimmed).data());
        name = trimmed_field(std::string_view(trimmed).substr(0, colour_at));
      } else if (r || g || b) {
        return Error::at_line(
            file, number, 1,
            "the colour must be three whole numbers from 0 to 255 (\"" + trimmed + "\")");
      }
    }
    if (!seen.insert(name).second) {
      return Error::at_line(file, number, 1, "class \"" + name + "\" is named twice");
    }
    if (list.names.size() == kMaxMaskClasses) {
      return Error::at_line(file, number, 1, "more than 255 classes (a mask holds 0 to 254)");
    }
    list.colours.push_back(
        colour ? *colour : default_class_colour(static_cast<std::int64_t>(list.names.size())));
    list.colours_named = list.colours_named || colour.has_value();
    list.names.push_back(std::move(name));
    if (end == text.size()) break;
  }
  if (list.names.empty()) return Error::in_file(file, "names no classes");
  return list;
}

// The 1-based line of byte `offset` in `text`.
int line_of(std::string_view text, std::size_t offset) {
  int line = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n' ? 1 : 0;
  return line;
}

Result<ClassList> parse_json(std::string_view text, const std::string& file) {
  nlohmann::json document;
  try {
    document = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    return Error::at_line(file, line_of(text, error.byte > 0 ? error.byte - 1 : 0), 1,
                          std::string("is not valid JSON: ") + error.what());
  } catch (const nlohmann::json::exception& error) {
    // A number no double holds (1e999) is out_of_range, not a parse_error, and has no position.
    return Error::in_file(file, std::string("is not valid JSON: ") + error.what());
  }
  if (!document.is_array()) {
    return Error::at_line(file, 1, 1,
                          "must be an array of {\"name\": ..., \"colour\": [r, g, b]} objects");
  }
  ClassList list;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < document.size(); ++i) {
    const nlohmann::json& entry = document[i];
    const std::string field = "[" + std::to_string(i) + "]";
    if (!entry.is_object() || !entry.contains("name") || !entry["name"].is_string()) {
      return Error::at_field(file, field, "each class needs a \"name\" string");
    }
    std::string name = entry["name"].get<std::string>();
    if (name.empty()) return Error::at_field(file, field + ".name", "the name is empty");
    if (!seen.insert(name).second) {
      return Error::at_field(file, field + ".name", "class \"" + name + "\" is named twice");
    }
    if (list.names.size() == kMaxMaskClasses) {
      return Error::at_field(file, field, "more than 255 classes (a mask holds 0 to 254)");
    }
    ClassColour colour = default_class_colour(static_cast<std::int64_t>(i));
    const char* key = entry.contains("colour") ? "colour" : "color";
    if (entry.contains(key)) {
      const nlohmann::json& rgb = entry[key];
      bool valid = rgb.is_array() && rgb.size() == 3;
      for (std::size_t c = 0; valid && c < 3; ++c) {
        valid = rgb[c].is_number_integer() && rgb[c].get<std::int64_t>() >= 0 &&
                rgb[c].get<std::int64_t>() <= 255;
        if (valid) colour[c] = static_cast<std::uint8_t>(rgb[c].get<std::int64_t>());
      }
      if (!valid) {
        return Error::at_field(file, field + "." + key,
                               "the colour must be [r, g, b], whole numbers from 0 to 255");
      }
      list.colours_named = true;
    }
    list.colours.push_back(colour);
    list.names.push_back(std::move(name));
  }
  if (list.names.empty()) return Error::in_file(file, "names no classes");
  return list;
}

}  // namespace

Result<ClassList> parse_class_list(std::string_view text, const std::string& file) {
  return ends_with(file, ".json") ? parse_json(text, file) : parse_lines(text, file);
}

Result<std::optional<ClassList>> read_class_list(const std::string& folder,
                                                 std::string* found_file) {
  for (const char* name : kClassFileNames) {
    const std::string path = folder + '/' + name;
    if (modified_ns(path) < 0) continue;
    Result<RegularFile> file = RegularFile::open(path);
    if (!file) return file.error();
    if (file.value().size() > kMaxClassFileBytes) {
      return Error::in_file(path, "is over 1 MiB; a classes file names at most 255 classes");
    }
    std::string text(static_cast<std::size_t>(file.value().size()), '\0');
    if (file.value().read(text.data(), text.size()) != file.value().size()) {
      return Error::in_file(path, "cannot be read to the end");
    }
    Result<ClassList> list = parse_class_list(text, path);
    if (!list) return list.error();
    if (found_file != nullptr) *found_file = path;
    return std::optional<ClassList>(std::move(list).value());
  }
  return std::optional<ClassList>();
}

std::string numbered_class_name(std::size_t index) {
  return "class " + std::to_string(index);
}

}  // namespace convstudio::formats
