#pragma once
// Reading and writing *.convstudio project files (JSON, versioned schema).

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/project.h"
#include "convstudio/result.h"

namespace convstudio {

// What a load gives: the project, or every problem found (then `project` is empty).
struct ProjectLoadResult {
  std::optional<Project> project;
  std::vector<Error> errors;

  bool ok() const { return project.has_value(); }
};

// The on-disk format: {"format": "convstudio-project", "version": 1, "graph": {...},
// "dataset": {...}, "training": {...}}; version 2 adds "weights" (the starting weights file: a
// plain file name in the project's folder, or an absolute path; see weights_entry_problem), and
// is written only when a project has them, so projects without
// weights stay readable by older ConvStudios; version 3 adds "task" ("segmentation"; absent means
// classification), written only for segmentation projects, which an older ConvStudio then
// refuses rather than train as a classifier. Missing settings keys take their defaults; unknown
// keys, wrong types and bad enum values are errors naming the field. Files from a newer format
// version are refused. Graph problems (cycles, bad shapes) are not load errors: a project with
// an invalid graph loads, and ShapeInference reports them at the blocks.
class ProjectFile {
 public:
  static constexpr const char* kFormat = "convstudio-project";
  static constexpr int kVersion = 3;
  static constexpr const char* kExtension = ".convstudio";

  static ProjectLoadResult parse(std::string_view text);
  static ProjectLoadResult load(const std::filesystem::path& path);
  // Pretty-printed JSON (2-space indent), keys in a fixed order, ending with a newline.
  static std::string serialize(const Project& project);
  // Writes to a temporary file beside `path`, then renames it over `path`, so a crash never
  // leaves a half-written project. Returns the error, or nullopt on success.
  static std::optional<Error> save(const Project& project, const std::filesystem::path& path);
  // Why `weights` cannot be a project's "weights" entry, or nullopt when it can. The entry is a
  // plain file name, read from (and copied along by save_as) the project's own folder, or an
  // absolute path: a file the user chose, used where it is and never copied. A relative path
  // with a folder or `..` (a file elsewhere dressed up as the project's own), an absolute path
  // with `.` or `..` steps, and control characters are refused. Checked by parse() and save_as().
  static std::optional<std::string> weights_entry_problem(std::string_view weights);
  // The project's starting weights file (`weights` resolved against the project file's folder);
  // empty when it has none.
  static std::filesystem::path weights_file(const Project& project,
                                            const std::filesystem::path& project_file);
  // "NAME.weights.safetensors" for a project file NAME.convstudio.
  static std::filesystem::path default_weights_file(const std::filesystem::path& project_file);
  // Saves a project (last saved as `from`, empty when never saved) under the new name `to`. Its
  // starting weights come along: copied to default_weights_file(to), since the old project still
  // uses them, and `weights` names the copy; an absolute `weights` is left as it is. Returns the
  // project as saved. When the weights cannot be copied nothing is written; when the project
  // cannot be written after the copy, the copy stays (it is the new name's own file).
  static Result<Project> save_as(Project project, const std::filesystem::path& from,
                                 const std::filesystem::path& to);
};

}  // namespace convstudio
