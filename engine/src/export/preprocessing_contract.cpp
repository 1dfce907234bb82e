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

nlohmann::json PreprocessingContract::to_json() const {
  return {{"input_shape", input.dims},
          {"fit", to_string(fit)},
          {"fit_rule", fit_rule(fit)},
          {"resize", "area averaging when shrinking, bilinear when enlarging"},
          {"channel_order", channel_order},
          {"layout", "NCHW"},
          {"scale", "pixel / 255"},
          {"mean", mean},
          {"std", std},
          {"class_names", class_names},
          {"output", "logits"},
          {"softmax", softmax}};
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
  return contract;
}

}  // namespace convstudio
