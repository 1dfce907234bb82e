#pragma once
// What a project's model is for: classification (one label per image, N×K class scores; every
// project made before tasks existed) or semantic segmentation (a label per pixel, N×C×H×W
// logits at the input's size). Stored as the project file's "task".

#include <optional>
#include <string_view>

namespace convstudio {

enum class ProjectTask { Classification, Segmentation };

inline std::string_view to_string(ProjectTask task) {
  return task == ProjectTask::Segmentation ? "segmentation" : "classification";
}

// nullopt for a name that is neither.
inline std::optional<ProjectTask> parse_project_task(std::string_view name) {
  if (name == "classification") return ProjectTask::Classification;
  if (name == "segmentation") return ProjectTask::Segmentation;
  return std::nullopt;
}

}  // namespace convstudio
