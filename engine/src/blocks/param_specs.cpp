#include "blocks/param_specs.h"

namespace convstudio::blocks {

ParamSpec int_param(std::string name, std::string label, std::int64_t value, std::int64_t min,
                    std::int64_t max, std::string doc) {
  ParamSpec spec;
  spec.name = std::move(name);
  spec.label = std::move(label);
  spec.type = ParamType::Int;
  spec.default_value = value;
  spec.min = static_cast<double>(min);
  spec.max = static_cast<double>(max);
  spec.doc = std::move(doc);
  return spec;
}

ParamSpec float_param(std::string name, std::string label, double value, double min, double max,
                      std::string doc) {
  ParamSpec spec;
  spec.name = std::move(name);
  spec.label = std::move(label);
  spec.type = ParamType::Float;
  spec.default_value = value;
  spec.min = min;
  spec.max = max;
  spec.doc = std::move(doc);
  return spec;
}

ParamSpec bool_param(std::string name, std::string label, bool value, std::string doc) {
  ParamSpec spec;
  spec.name = std::move(name);
  spec.label = std::move(label);
  spec.type = ParamType::Bool;
  spec.default_value = value;
  spec.min = 0;
  spec.max = 1;
  spec.doc = std::move(doc);
  return spec;
}

ParamSpec choice_param(std::string name, std::string label, std::string value,
                       std::vector<std::string> choices, std::string doc) {
  ParamSpec spec;
  spec.name = std::move(name);
  spec.label = std::move(label);
  spec.type = ParamType::Choice;
  spec.default_value = std::move(value);
  spec.choices = std::move(choices);
  spec.doc = std::move(doc);
  return spec;
}

BlockSpec block_spec(std::string type, std::string category, std::string id_prefix, std::string doc,
                     int min_inputs, int max_inputs, std::vector<ParamSpec> params) {
  BlockSpec spec;
  spec.type = std::move(type);
  spec.category = std::move(category);
  spec.id_prefix = std::move(id_prefix);
  spec.doc = std::move(doc);
  spec.min_inputs = min_inputs;
  spec.max_inputs = max_inputs;
  spec.params = std::move(params);
  return spec;
}

}  // namespace convstudio::blocks
