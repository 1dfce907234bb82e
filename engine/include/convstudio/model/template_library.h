#pragma once
// Ready-made networks, embedded in the library at build time from resources/templates/*.json.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/graph.h"
#include "convstudio/model/project.h"
#include "convstudio/model/project_task.h"
#include "convstudio/model/tensor_shape.h"

namespace convstudio {

struct TemplateInfo {
  std::string name;         // "lenet5"
  std::string description;  // one line
  // The template file's "task" (classification when it names none): a project made from it
  // takes this task unless the user names another.
  ProjectTask task = ProjectTask::Classification;
};

// A template's training defaults (its "recipe"), tuned on Fashion-MNIST so that a project made
// from the template trains to a good model with no further settings (README "Recipes").
struct TrainingRecipe {
  TrainingSettings training;
  AugmentationSettings augmentation;

  // Puts the recipe into a project: its training settings (the project keeps its device: a
  // recipe does not choose the hardware) and its training-image augmentation.
  void apply_to(Project& project) const;

  bool operator==(const TrainingRecipe&) const = default;
};

// A template made concrete, or why it could not be (unknown name, bad shape or class count).
struct TemplateInstance {
  std::optional<Graph> graph;
  TrainingRecipe recipe;
  ProjectTask task = ProjectTask::Classification;
  std::vector<Error> errors;
};

// Lists and instantiates the built-in templates: the Input block takes the dataset's C×H×W
// and the Output block its class count; a pass-through Output (segmentation) takes the classes
// from the convolution before it, so that block gets them. Shape problems are left to
// ShapeInference.
class TemplateLibrary {
 public:
  static std::vector<TemplateInfo> list();  // sorted by name
  static TemplateInstance instantiate(std::string_view name, const TensorShape& input,
                                      std::int64_t classes);
  // The template's JSON text as embedded; nullopt for an unknown name.
  static std::optional<std::string> source(std::string_view name);
};

}  // namespace convstudio
