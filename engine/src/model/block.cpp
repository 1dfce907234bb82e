#include "convstudio/model/block.h"

#include "convstudio/model/layer_catalog.h"

namespace convstudio {
namespace {

// The stored value when it exists, else the catalog default, else nullptr.
const ParamValue* lookup(const Block& block, std::string_view name) {
  if (auto it = block.params.find(name); it != block.params.end()) return &it->second;
  const BlockSpec* spec = LayerCatalog::instance().find(block.type);
  const ParamSpec* param = spec ? spec->find_param(name) : nullptr;
  return param ? &param->default_value : nullptr;
}

const ParamValue* default_of(const Block& block, std::string_view name) {
  const BlockSpec* spec = LayerCatalog::instance().find(block.type);
  const ParamSpec* param = spec ? spec->find_param(name) : nullptr;
  return param ? &param->default_value : nullptr;
}

template <typename T>
T read(const Block& block, std::string_view name, T fallback) {
  if (const ParamValue* value = lookup(block, name)) {
    if (const T* typed = std::get_if<T>(value)) return *typed;
  }
  if (const ParamValue* value = default_of(block, name)) {
    if (const T* typed = std::get_if<T>(value)) return *typed;
  }
  return fallback;
}

}  // namespace

std::int64_t Block::int_param(std::string_view name) const {
  return read<std::int64_t>(*this, name, 0);
}

double Block::float_param(std::string_view name) const {
  if (const ParamValue* value = lookup(*this, name)) {
    if (const auto* i = std::get_if<std::int64_t>(value)) return static_cast<double>(*i);
  }
  return read<double>(*this, name, 0.0);
}

bool Block::bool_param(std::string_view name) const {
  return read<bool>(*this, name, false);
}

std::string Block::choice_param(std::string_view name) const {
  return read<std::string>(*this, name, std::string());
}

}  // namespace convstudio
