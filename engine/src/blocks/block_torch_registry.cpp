#include <map>
#include <stdexcept>

#include "blocks/block_model.h"
#include "blocks/block_torch.h"

namespace convstudio::blocks {

#define CONVSTUDIO_BLOCK_TYPE(home) \
  namespace home {                  \
  BlockTorch torch_half();          \
  }
#include "blocks/block_types.def"
#undef CONVSTUDIO_BLOCK_TYPE

namespace {

// The torch halves in block_types.def order, which is also block_models()' order.
const std::vector<BlockTorch>& torch_halves() {
  static const std::vector<BlockTorch> halves = {
#define CONVSTUDIO_BLOCK_TYPE(home) home::torch_half(),
#include "blocks/block_types.def"
#undef CONVSTUDIO_BLOCK_TYPE
  };
  return halves;
}

}  // namespace

const BlockTorch& block_torch(const std::string& type) {
  static const std::map<std::string, const BlockTorch*, std::less<>> by_type = [] {
    std::map<std::string, const BlockTorch*, std::less<>> map;
    const std::vector<BlockModel>& models = block_models();
    for (std::size_t i = 0; i < models.size(); ++i) {
      map.emplace(models[i].spec.type, &torch_halves().at(i));
    }
    return map;
  }();
  auto it = by_type.find(type);
  if (it == by_type.end()) throw std::invalid_argument("unknown block type " + type);
  return *it->second;
}

}  // namespace convstudio::blocks
