#include "convstudio/model/project_file.h"

#include "convstudio/io/atomic_write.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

#include "convstudio/model/graph_json.h"
#include "json_fields.h"
#include "settings_json.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

// nlohmann reports a syntax error as a byte offset (of the character it stopped at);
// users want a line and a column.
Error syntax_error(std::string_view text, const nlohmann::json::parse_error& e) {
  const std::size_t offset = e.byte == 0 ? 0 : std::min<std::size_t>(e.byte - 1, text.size());
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  std::string message = e.what();
  // "[json.exception.parse_error.101] parse error at line 2, column 5: syntax error ..." ->
  // keep only what follows the position.
  if (auto at = message.find("syntax error"); at != std::string::npos) {
    message = message.substr(at);
  } else if (auto colon = message.find(": "); colon != std::string::npos) {
    message = message.substr(colon + 2);
  }
  return Error::at_line("", line, static_cast<int>(offset - line_start) + 1, "JSON " + message);
}

// Whether `json` is a project this build reads: an object of our format, of a version up to ours.
std::optional<Error> header_problem(const Json& json) {
  if (!json.is_object()) {
    return Error::in_file("", "not a ConvStudio project (expected a JSON object)");
  }
  auto format = json.find("format");
  if (format == json.end() || *format != ProjectFile::kFormat) {
    return Error::at_field("", "format",
                           std::string("not a ConvStudio project (\"format\" must be \"") +
                               ProjectFile::kFormat + "\")");
  }
  auto version = json.find("version");
  if (version == json.end() || !version->is_number_integer() || *version < 1) {
    return Error::at_field("", "version", "must be a whole number of at least 1");
  }
  if (*version > ProjectFile::kVersion) {
    return Error::at_field("", "version",
                           "made by a newer ConvStudio (format version " + version->dump() +
                               "); this one reads up to " + std::to_string(ProjectFile::kVersion));
  }
  return std::nullopt;
}

// The optional top-level "task" and "weights".
void read_task_and_weights(const Json& json, JsonFields& fields, Project& project,
                           std::vector<Error>& errors) {
  if (json.contains("task")) {
    const Json& task = json["task"];
    const std::optional<ProjectTask> parsed =
        task.is_string() ? parse_project_task(task.get<std::string>()) : std::nullopt;
    if (!parsed) {
      errors.push_back(
          Error::at_field("", "task", "must be \"classification\" or \"segmentation\""));
    } else {
      project.task = *parsed;
    }
    fields.skip("task");
  }
  if (json.contains("weights")) {
    const Json& weights = json["weights"];
    if (!weights.is_string()) {
      errors.push_back(Error::at_field("", "weights", "must be a file name"));
    } else if (auto problem = ProjectFile::weights_entry_problem(weights.get<std::string>())) {
      errors.push_back(Error::at_field("", "weights", *problem));
    } else {
      project.weights = weights.get<std::string>();
    }
    fields.skip("weights");
  }
}

}  // namespace

ProjectLoadResult ProjectFile::parse(std::string_view text) {
  ProjectLoadResult result;
  Json json;
  try {
    json = Json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    result.errors.push_back(syntax_error(text, e));
    return result;
  } catch (const nlohmann::json::exception& e) {
    // Valid syntax the parser still refuses, such as a number too large for a double (1e999).
    result.errors.push_back(Error::in_file("", std::string("JSON: ") + e.what()));
    return result;
  }
  if (std::optional<Error> problem = header_problem(json)) {
    result.errors.push_back(std::move(*problem));
    return result;
  }
  Project project;
  JsonFields fields(json, "", result.errors);
  fields.skip("format");
  fields.skip("version");
  if (const Json* graph = fields.object("graph")) {
    project.graph = GraphJson::from_json(*graph, "graph", result.errors);
  }
  if (const Json* dataset = fields.object("dataset")) {
    project.dataset = SettingsJson::dataset_from_json(*dataset, "dataset", result.errors);
  }
  if (const Json* training = fields.object("training")) {
    project.training = SettingsJson::training_from_json(*training, "training", result.errors);
  }
  read_task_and_weights(json, fields, project, result.errors);
  fields.finish();
  // Top-level fields were named ".graph"; drop the leading dot of the root path.
  for (Error& error : result.errors) {
    if (error.field.starts_with(".")) error.field.erase(0, 1);
  }
  if (result.errors.empty()) result.project = std::move(project);
  return result;
}

ProjectLoadResult ProjectFile::load(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ProjectLoadResult result;
    result.errors.push_back(Error::in_file(path.string(), "cannot open the file for reading"));
    return result;
  }
  std::ostringstream text;
  text << in.rdbuf();
  ProjectLoadResult result = parse(text.str());
  for (Error& error : result.errors) error.file = path.string();
  return result;
}

std::string ProjectFile::serialize(const Project& project) {
  const bool segmentation = project.task == ProjectTask::Segmentation;
  const int version = segmentation ? 3 : (project.weights.empty() ? 1 : 2);
  Json json{{"format", kFormat}, {"version", version}};
  if (segmentation) json["task"] = std::string(to_string(project.task));
  json["graph"] = GraphJson::to_json(project.graph);
  json["dataset"] = SettingsJson::to_json(project.dataset);
  json["training"] = SettingsJson::to_json(project.training);
  if (!project.weights.empty()) json["weights"] = project.weights;
  return json.dump(2) + "\n";
}

std::optional<Error> ProjectFile::save(const Project& project, const std::filesystem::path& path) {
  // The checkpoints' writer: data and folder entry synced, so a crash or power loss right after
  // a save (or an autosave) leaves the new file or the old one, never an empty one.
  return write_file_atomically(path, serialize(project));
}

std::optional<std::string> ProjectFile::weights_entry_problem(std::string_view weights) {
  if (weights.empty()) return "must be a file name";
  const bool control = std::any_of(weights.begin(), weights.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x20 || c == 0x7F;
  });
  if (control) return "holds a control character; it must be a file name";
  const std::filesystem::path path(weights);
  const std::string quoted = "'" + std::string(weights) + "'";
  if (path.is_absolute()) {
    for (const std::filesystem::path& part : path) {
      if (part == "." || part == "..") {
        return quoted +
               " holds a . or .. step; an absolute weights path must name its file "
               "directly";
      }
    }
    return std::nullopt;
  }
  if (weights.find_first_of("/\\") != std::string_view::npos || weights == "." || weights == "..") {
    return quoted +
           " is not a plain file name: the starting weights are a file in the "
           "project's own folder (NAME.weights.safetensors), or an absolute path";
  }
  return std::nullopt;
}

std::filesystem::path ProjectFile::weights_file(const Project& project,
                                                const std::filesystem::path& project_file) {
  if (project.weights.empty()) return {};
  const std::filesystem::path weights(project.weights);
  return weights.is_absolute() ? weights : project_file.parent_path() / weights;
}

namespace {

// Copies a file of any size through an AtomicFile: the target is whole or unchanged.
std::optional<Error> copy_file_atomically(const std::filesystem::path& from,
                                          const std::filesystem::path& to) {
  std::ifstream in(from, std::ios::binary);
  if (!in) return Error::in_file(from.string(), "cannot be read");
  Result<AtomicFile> out = AtomicFile::create(to);
  if (!out) return out.error();
  std::string chunk(std::size_t{8} << 20, '\0');
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    if (in.bad()) return Error::in_file(from.string(), "could not be read to the end");
    if (auto error = out.value().write(std::string_view(chunk.data(), in.gcount()))) return error;
  }
  return out.value().commit();
}

}  // namespace

Result<Project> ProjectFile::save_as(Project project, const std::filesystem::path& from,
                                     const std::filesystem::path& to) {
  // Checked again here, not only when loading: what is copied must be the project's own file.
  if (!project.weights.empty()) {
    if (auto problem = weights_entry_problem(project.weights)) {
      return Error::at_field(from.string(), "weights", *problem);
    }
  }
  const bool relative_weights =
      !project.weights.empty() && !std::filesystem::path(project.weights).is_absolute();
  // A plain save (same file) leaves the weights where they are, whatever their name.
  if (relative_weights && !from.empty() && from != to) {
    const std::filesystem::path old_weights = weights_file(project, from);
    const std::filesystem::path new_weights = default_weights_file(to);
    std::error_code same_error;
    if (!std::filesystem::equivalent(old_weights, new_weights, same_error)) {
      if (!std::filesystem::exists(old_weights)) {
        return Error::in_file(old_weights.string(),
                              "the project's starting weights are missing, so they cannot come "
                              "along to " +
                                  to.string());
      }
      if (auto error = copy_file_atomically(old_weights, new_weights)) return *error;
    }
    project.weights = new_weights.filename().string();
  }
  if (auto error = save(project, to)) return *error;
  return project;
}

std::filesystem::path ProjectFile::default_weights_file(const std::filesystem::path& project_file) {
  std::filesystem::path file = project_file;
  file.replace_extension(".weights.safetensors");
  return file;
}

}  // namespace convstudio
