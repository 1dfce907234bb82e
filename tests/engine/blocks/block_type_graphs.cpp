#include "block_type_graphs.h"

#include <algorithm>
#include <optional>
#include <random>
#include <stdexcept>

#include "blocks/block_model.h"

namespace convstudio::testing {
namespace {

using blocks::BlockModel;
using blocks::BlockParams;

// The block's output shape for these inputs, when its rule accepts them.
std::optional<TensorShape> output_of(const Block& block, const std::vector<TensorShape>& inputs) {
  BlockAnalysis analysis;
  analysis.input_shapes = inputs;
  std::vector<Error> errors;
  if (!blocks::infer_block(block, analysis, errors)) return std::nullopt;
  return analysis.output_shape;
}

Block defaults_of(const BlockModel& model) {
  Block block;
  block.type = model.spec.type;
  return block;
}

struct Value {
  std::string id;
  TensorShape shape;
};

class GraphBuilder {
 public:
  // `choice`, when given, is set over the defaults of the type under test (variant 0).
  GraphBuilder(std::mt19937_64& rng, int variant, const BlockParams* choice = nullptr)
      : rng_(rng), variant_(variant), choice_(choice) {}

  Value add(const Block& block, const std::vector<Value>& from) {
    const std::string id = graph.add_block(block.type, 0, row_++ * 90.0);
    for (const auto& [name, value] : block.params) graph.set_param(id, name, value);
    std::vector<TensorShape> shapes;
    for (std::size_t port = 0; port < from.size(); ++port) {
      if (auto error = graph.connect({from[port].id, id, static_cast<int>(port)})) {
        throw std::runtime_error(error->message);
      }
      shapes.push_back(from[port].shape);
    }
    const std::optional<TensorShape> out = output_of(block, shapes);
    if (!out) throw std::runtime_error(block.type + " refuses its inputs in a test graph");
    return {id, *out};
  }

  // The type under test after `inputs`, with default (variant 0) or sampled parameters;
  // nullopt when it refuses them.
  std::optional<Block> configure(const BlockModel& model, const std::vector<TensorShape>& inputs) {
    Block block = defaults_of(model);
    if (choice_ != nullptr) block.params = *choice_;
    if (variant_ > 0 && model.sample != nullptr) {
      blocks::ParamSampler sampler(rng_, inputs.empty() ? TensorShape{} : inputs[0],
                                   blocks::SampleGoal::Any);
      std::optional<BlockParams> params = model.sample(sampler);
      if (!params) return std::nullopt;
      block.params = std::move(*params);
    }
    if (!output_of(block, inputs)) return std::nullopt;
    return block;
  }

  Graph graph;

 private:
  std::mt19937_64& rng_;
  int variant_;
  const BlockParams* choice_;
  int row_ = 0;
};

const BlockModel& model_where(bool (*predicate)(const BlockModel&)) {
  for (const BlockModel& model : blocks::block_models()) {
    if (predicate(model)) return model;
  }
  throw std::runtime_error("the registry has no input or output type");
}

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

bool is_layer(const BlockModel& model) {
  return model.spec.max_inputs == 1 && model.spec.has_consumers;
}

// `value` fed through the first registered layer type (defaults) after which `accepts` holds,
// or `value` itself when it already does.
template <typename Accepts>
Value adapt(GraphBuilder& builder, const Value& value, Accepts accepts) {
  if (accepts(value.shape)) return value;
  for (const BlockModel& model : blocks::block_models()) {
    if (!is_layer(model)) continue;
    const Block adapter = defaults_of(model);
    const std::optional<TensorShape> out = output_of(adapter, {value.shape});
    if (out && accepts(*out)) return builder.add(adapter, {value});
  }
  throw std::runtime_error("no registered type adapts " + value.shape.to_string());
}

// One parameter set per choice value that is not the default (Output's pass-through mode,
// Upsample's bilinear mode): each is tested through every format like the defaults.
std::vector<BlockParams> choice_variants(const BlockModel& model) {
  std::vector<BlockParams> variants;
  for (const ParamSpec& param : model.spec.params) {
    if (param.type != ParamType::Choice) continue;
    for (const std::string& value : param.choices) {
      if (ParamValue(value) != param.default_value) variants.push_back({{param.name, value}});
    }
  }
  return variants;
}

std::string choice_name(const BlockParams& params) {
  const auto& [name, value] = *params.begin();
  return name + "-" + std::get<std::string>(value);
}

}  // namespace

std::vector<BlockTypeGraph> block_type_graphs(const std::vector<std::int64_t>& input_dims,
                                              int sampled, std::uint64_t seed) {
  const BlockModel& source =
      model_where([](const BlockModel& m) { return m.spec.max_inputs == 0; });
  const BlockModel& sink = model_where([](const BlockModel& m) { return !m.spec.has_consumers; });
  std::vector<BlockTypeGraph> graphs;
  for (const BlockModel& model : blocks::block_models()) {
    // Each type draws from its own stream, so adding a type leaves the others' variants alone.
    std::mt19937_64 rng(seed ^ fnv1a(model.spec.type));
    const int samples = model.sample != nullptr ? sampled : 0;
    const std::vector<BlockParams> choices = choice_variants(model);
    const int variants = samples + static_cast<int>(choices.size());
    for (int variant = 0; variant <= variants; ++variant) {
      // The defaults, the sampled variants, then one per non-default choice.
      const BlockParams* choice =
          variant > samples ? &choices[static_cast<std::size_t>(variant - samples - 1)] : nullptr;
      GraphBuilder builder(rng, choice != nullptr ? 0 : variant, choice);
      BlockTypeGraph test;
      test.type = model.spec.type;
      test.name = model.spec.type;
      if (choice != nullptr) {
        test.name += "-" + choice_name(*choice);
      } else if (variant > 0) {
        test.name += "-sampled" + std::to_string(variant);
      }
      Block input = defaults_of(source);
      if (&model == &source && variant > 0) {
        input = *builder.configure(source, {});
      } else {
        input.params = {{"channels", input_dims.at(0)},
                        {"height", input_dims.at(1)},
                        {"width", input_dims.at(2)}};
      }
      Value at = builder.add(input, {});
      test.block_id = at.id;
      if (&model != &source) {
        const std::size_t ports = static_cast<std::size_t>(std::max(1, model.spec.min_inputs));
        std::optional<Block> block;
        at = adapt(builder, at, [&](const TensorShape& shape) {
          block = builder.configure(model, std::vector<TensorShape>(ports, shape));
          return block.has_value();
        });
        std::vector<Value> inputs(ports, at);
        if (ports > 1) {
          // A merge also gets a branch (the first layer type it accepts beside the input), so
          // its ports carry different values.
          for (const BlockModel& branch : blocks::block_models()) {
            if (!is_layer(branch)) continue;
            const std::optional<TensorShape> out = output_of(defaults_of(branch), {at.shape});
            if (!out) continue;
            std::vector<TensorShape> shapes(ports, *out);
            shapes[0] = at.shape;
            if (std::optional<Block> merge = builder.configure(model, shapes)) {
              block = std::move(merge);
              const Value other = builder.add(defaults_of(branch), {at});
              std::fill(inputs.begin() + 1, inputs.end(), other);
              break;
            }
          }
        }
        at = builder.add(*block, inputs);
        test.block_id = at.id;
      }
      if (&model != &sink) {
        at = adapt(builder, at, [&](const TensorShape& shape) {
          return output_of(defaults_of(sink), {shape}).has_value();
        });
        builder.add(defaults_of(sink), {at});
      }
      test.graph = std::move(builder.graph);
      graphs.push_back(std::move(test));
    }
  }
  return graphs;
}

}  // namespace convstudio::testing
