#include "convstudio/model/template_library.h"

#include <algorithm>

#include "convstudio/model/graph_json.h"
#include "convstudio/model/input_output_blocks.h"
#include "convstudio/model/layer_catalog.h"
#include "convstudio/model/output_modes.h"
#include "embedded_templates.h"
#include "json_fields.h"
#include "settings_json.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

std::optional<std::string_view> find_text(std::string_view name) {
  for (const auto& [template_name, text] : detail::embedded_templates()) {
    if (template_name == name) return text;
  }
  return std::nullopt;
}

Error template_error(std::string_view name, std::string field, std::string message) {
  return Error::in_block({}, {}, std::move(field),
                         "template " + std::string(name) + ": " + std::move(message));
}

bool within(std::int64_t value, const BlockSpec& spec, const char* param) {
  const ParamSpec* p = spec.find_param(param);
  return value >= p->min && value <= p->max;
}

// {"training": {...}, "augmentation": {...}}: the keys of a project file's "training" and
// "dataset"."augmentation" objects; what a recipe leaves out keeps its default.
TrainingRecipe read_recipe(const Json& json, std::vector<Error>& problems) {
  TrainingRecipe recipe;
  JsonFields fields(json, "recipe", problems);
  if (!fields.valid()) return recipe;
  if (const Json* training = fields.object("training")) {
    recipe.training =
        SettingsJson::training_from_json(*training, fields.field("training"), problems);
  }
  if (const Json* augmentation = fields.object("augmentation")) {
    recipe.augmentation =
        SettingsJson::augmentation_from_json(*augmentation, fields.field("augmentation"), problems);
  }
  fields.finish();
  return recipe;
}

// The template's "task"; a file without one is a classifier, as every template before tasks.
ProjectTask template_task(const Json& json) {
  if (!json.is_object() || !json.contains("task") || !json["task"].is_string()) {
    return ProjectTask::Classification;
  }
  return parse_project_task(json["task"].get<std::string>()).value_or(ProjectTask::Classification);
}

// A pass-through Output's classes are the channels it is given: the convolution feeding it is
// the one sized to the data set's classes.
void size_last_layer(Graph& graph, const Block& output, std::int64_t classes) {
  const std::vector<Connection> inputs = graph.inputs_of(output.id);
  if (inputs.empty()) return;
  const Block* last = graph.find_block(inputs.front().from);
  if (last != nullptr && last->params.contains("out_channels")) {
    graph.set_param(last->id, "out_channels", classes);
  }
}

}  // namespace

void TrainingRecipe::apply_to(Project& project) const {
  const std::string device = project.training.device;
  project.training = training;
  project.training.device = device;
  project.dataset.augmentation = augmentation;
}

std::vector<TemplateInfo> TemplateLibrary::list() {
  std::vector<TemplateInfo> result;
  for (const auto& [name, text] : detail::embedded_templates()) {
    Json json = Json::parse(text, nullptr, false);
    std::string description = json.is_object() ? json.value("description", "") : "";
    result.push_back({std::string(name), std::move(description), template_task(json)});
  }
  std::sort(result.begin(), result.end(),
            [](const TemplateInfo& a, const TemplateInfo& b) { return a.name < b.name; });
  return result;
}

std::optional<std::string> TemplateLibrary::source(std::string_view name) {
  if (auto text = find_text(name)) return std::string(*text);
  return std::nullopt;
}

TemplateInstance TemplateLibrary::instantiate(std::string_view name, const TensorShape& input,
                                              std::int64_t classes) {
  TemplateInstance result;
  auto text = find_text(name);
  if (!text) {
    std::string known;
    for (const TemplateInfo& info : list()) known += (known.empty() ? "" : ", ") + info.name;
    result.errors.push_back(
        template_error(name, "template", "no such template (known: " + known + ")"));
    return result;
  }
  const LayerCatalog& catalog = LayerCatalog::instance();
  const BlockSpec& input_spec = *catalog.find(kInputBlockType);
  if (!input.is_image() || !within(input.channels(), input_spec, "channels") ||
      !within(input.height(), input_spec, "height") ||
      !within(input.width(), input_spec, "width")) {
    result.errors.push_back(
        template_error(name, "input",
                       "input shape " + input.to_string() +
                           " must be C\u00d7H\u00d7W with 1-64 channels and 1-4096 pixels"));
  }
  if (!within(classes, *catalog.find(kOutputBlockType), "classes")) {
    result.errors.push_back(
        template_error(name, "classes", std::to_string(classes) + " classes is out of range"));
  }
  if (!result.errors.empty()) return result;

  Json json = Json::parse(*text, nullptr, false);
  std::vector<Error> problems;
  Graph graph = json.is_object() && json.contains("graph")
                    ? GraphJson::from_json(json["graph"], "graph", problems)
                    : Graph();
  if (json.is_object() && json.contains("recipe")) {
    result.recipe = read_recipe(json["recipe"], problems);
  }
  result.task = template_task(json);
  if (!json.is_object() || !json.contains("graph") || !problems.empty()) {
    // Only reachable when a template file in resources/templates is broken.
    std::string detail = problems.empty() ? "no graph" : problems.front().describe();
    result.errors.push_back(template_error(name, "template", "is broken: " + detail));
    return result;
  }
  // Complete every block with catalog defaults, like blocks added in the editor.
  for (const Block& block : std::vector<Block>(graph.blocks())) {
    if (const BlockSpec* spec = catalog.find(block.type)) {
      for (const ParamSpec& param : spec->params) {
        if (!block.params.contains(param.name)) {
          graph.set_param(block.id, param.name, param.default_value);
        }
      }
    }
    if (block.type == kInputBlockType) {
      graph.set_param(block.id, "channels", input.channels());
      graph.set_param(block.id, "height", input.height());
      graph.set_param(block.id, "width", input.width());
    } else if (block.type == kOutputBlockType) {
      graph.set_param(block.id, "classes", classes);
      if (is_pass_through_output(*graph.find_block(block.id))) {
        size_last_layer(graph, block, classes);
      }
    }
  }
  result.graph = std::move(graph);
  return result;
}

}  // namespace convstudio
