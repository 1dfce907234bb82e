#include <map>

#include "blocks/block_model.h"

namespace convstudio::blocks {

#define CONVSTUDIO_BLOCK_TYPE(home) \
  namespace home {                  \
  BlockModel model_half();          \
  }
#include "blocks/block_types.def"
#undef CONVSTUDIO_BLOCK_TYPE

const std::vector<BlockModel>& block_models() {
  static const std::vector<BlockModel> models = {
#define CONVSTUDIO_BLOCK_TYPE(home) home::model_half(),
#include "blocks/block_types.def"
#undef CONVSTUDIO_BLOCK_TYPE
  };
  return models;
}

const BlockModel* find_block_model(std::string_view type) {
  static const std::map<std::string, const BlockModel*, std::less<>> by_type = [] {
    std::map<std::string, const BlockModel*, std::less<>> map;
    for (const BlockModel& model : block_models()) map.emplace(model.spec.type, &model);
    return map;
  }();
  auto it = by_type.find(type);
  return it == by_type.end() ? nullptr : it->second;
}

bool is_model_input(const Block& block) {
  const BlockModel* model = find_block_model(block.type);
  return model != nullptr && model->spec.max_inputs == 0;
}

bool is_model_output(const Block& block) {
  const BlockModel* model = find_block_model(block.type);
  return model != nullptr && !model->spec.has_consumers;
}

bool infer_block(const Block& block, BlockAnalysis& analysis, std::vector<Error>& errors,
                 const std::optional<TensorShape>& graph_input) {
  const BlockModel* model = find_block_model(block.type);
  if (model == nullptr || model->infer == nullptr) {
    errors.push_back(
        Error::in_block(block.id, block.type, "type", block.type + ": has no shape rule"));
    return false;
  }
  ShapeRule rule(block, analysis, errors, graph_input);
  return model->infer(rule);
}

}  // namespace convstudio::blocks
