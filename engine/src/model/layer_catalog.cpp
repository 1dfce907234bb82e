#include "convstudio/model/layer_catalog.h"

#include <algorithm>

#include "blocks/block_model.h"

namespace convstudio {

const ParamSpec* BlockSpec::find_param(std::string_view name) const {
  for (const ParamSpec& param : params) {
    if (param.name == name) return &param;
  }
  return nullptr;
}

const LayerCatalog& LayerCatalog::instance() {
  static const LayerCatalog catalog;
  return catalog;
}

LayerCatalog::LayerCatalog() {
  for (const blocks::BlockModel& model : blocks::block_models()) blocks_.push_back(model.spec);
}

const BlockSpec* LayerCatalog::find(std::string_view type) const {
  for (const BlockSpec& spec : blocks_) {
    if (spec.type == type) return &spec;
  }
  return nullptr;
}

std::vector<std::string> LayerCatalog::categories() const {
  std::vector<std::string> result;
  for (const BlockSpec& spec : blocks_) {
    if (std::find(result.begin(), result.end(), spec.category) == result.end()) {
      result.push_back(spec.category);
    }
  }
  return result;
}

}  // namespace convstudio
