#include "convstudio/explain/explanation.h"

#include <array>
#include <utility>

namespace convstudio {
namespace {

constexpr std::array<std::pair<ExplainMethod, std::string_view>, 5> kMethodNames{{
    {ExplainMethod::GradCam, "gradcam"},
    {ExplainMethod::GradCamPlusPlus, "gradcam++"},
    {ExplainMethod::Occlusion, "occlusion"},
    {ExplainMethod::Saliency, "saliency"},
    {ExplainMethod::FeatureMaps, "features"},
}};

}  // namespace

std::string_view explain_method_name(ExplainMethod method) {
  for (const auto& [value, name] : kMethodNames) {
    if (value == method) return name;
  }
  return {};
}

std::optional<ExplainMethod> parse_explain_method(std::string_view name) {
  for (const auto& [value, text] : kMethodNames) {
    if (text == name) return value;
  }
  return std::nullopt;
}

}  // namespace convstudio
