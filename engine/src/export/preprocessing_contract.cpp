#include "convstudio/export/preprocessing_contract.h"

#include <optional>

namespace convstudio {
namespace {

// What `fit` means, written into every export for whoever reads it without our code.
std::string fit_rule(FitMode fit) {
  switch (fit) {
    case FitMode::ResizeCrop:
      return "scale the shorter side to the input size, keep the aspect ratio, cut the centre";
    case FitMode::Stretch:
      return "scale width and height to the input size independently";
    case FitMode::Pad:
      return "scale the longer side to the input size, keep the aspect ratio, centre it on black";
  }
  return {};
}

}  // namespace

ClassColour PreprocessingContract::colour_of(std::int64_t index) const {
  if (index >= 0 && static_cast<std::size_t>(index) < class_colours.size()) {
    return class_colours[static_cast<std::size_t>(index)];
  }
  return default_class_colour(index);
}

nlohmann::json PreprocessingContract::to_json() const {
  nlohmann::json json = {
      {"input_shape", input.dims},
      {"fit", to_string(fit)},
      {"fit_rule", fit_rule(fit)},
      {"resize", "area averaging when shrinking, bilinear when enlarging"},
      {"channel_order", channel_order},
      {"layout", "NCHW"},
      {"scale", "pixel / 255"},
      {"mean", mean},
      {"std", std},
      {"class_names", class_names},
      {"output", segments() ? "logits N×C×H×W; each pixel's class is the argmax over C" : "logits"},
      {"softmax", softmax},
      {"task", std::string(to_string(task))}};
  // Written only when the data set named them, so a contract reads back equal.
  if (!class_colours.empty()) json["class_colours"] = class_colours;
  return json;
}

PreprocessingContract PreprocessingContract::from_json(const nlohmann::json& json) {
  PreprocessingContract contract;
  contract.input.dims = json.at("input_shape").get<std::vector<std::int64_t>>();
  if (json.contains("fit")) {
    const std::string fit = json.at("fit").get<std::string>();
    const std::optional<FitMode> parsed = parse_fit_mode(fit);
    if (!parsed) {
      throw nlohmann::json::other_error::create(
          501, "fit: '" + fit + "' is not one of resize-crop, stretch, pad", &json);
    }
    contract.fit = *parsed;
  }
  contract.channel_order = json.at("channel_order").get<std::string>();
  contract.mean = json.at("mean").get<std::vector<float>>();
  contract.std = json.at("std").get<std::vector<float>>();
  contract.class_names = json.at("class_names").get<std::vector<std::string>>();
  contract.softmax = json.value("softmax", true);
  if (json.contains("task")) {
    const std::string task = json.at("task").get<std::string>();
    const std::optional<ProjectTask> parsed = parse_project_task(task);
    if (!parsed) {
      throw nlohmann::json::other_error::create(
          501, "task: '" + task + "' is not one of classification, segmentation", &json);
    }
    contract.task = *parsed;
  }
  if (json.contains("class_colours")) {
    contract.class_colours = json.at("class_colours").get<std::vector<ClassColour>>();
  }
  return contract;
}

}  // namespace convstudio
