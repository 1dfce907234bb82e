#include "convstudio/model/random_graph_generator.h"

#include <algorithm>
#include <stdexcept>

#include "blocks/block_model.h"
#include "convstudio/model/shape_inference.h"

namespace convstudio {
namespace {

using blocks::BlockModel;
using blocks::SampleGoal;

// Flat inputs to dense layers stay small, so 200 random graphs train-step in seconds.
constexpr std::int64_t kMaxFlattenedFeatures = 4096;
// Every stage can be met by some type (Flatten, a pool); this only stops a broken registry.
constexpr int kMaxAttempts = 10000;

struct Cursor {
  std::string id;
  TensorShape shape;
};

// A block whose parameters were picked and whose rule accepted them, not yet placed.
struct Candidate {
  Block block;
  TensorShape shape;
};

// What a single block must do at each stage of a draft.
enum class Stage { Image, Shrink, Flatten, Flat };

bool fits(Stage stage, const TensorShape& in, const TensorShape& out) {
  switch (stage) {
    case Stage::Image:
      return out.is_image();
    case Stage::Shrink:
      return out.is_image() && out.element_count() < in.element_count();
    case Stage::Flatten:
    case Stage::Flat:
      return out.is_flat();
  }
  return false;
}

bool keeps(SampleGoal goal, const TensorShape& in, const TensorShape& out) {
  switch (goal) {
    case SampleGoal::Any:
      return true;
    case SampleGoal::KeepShape:
      return out == in;
    case SampleGoal::KeepSize:
      return out.dims.size() == in.dims.size() &&
             (in.is_flat() || (out.height() == in.height() && out.width() == in.width()));
  }
  return false;
}

// One graph under construction: picks types from the registry, samples their parameters with
// their own samplers and checks each block with its own shape rule before placing it.
class Draft {
 public:
  explicit Draft(std::mt19937_64& rng) : rng_(rng) {
    for (const BlockModel& model : blocks::block_models()) {
      if (model.spec.max_inputs == 0) {
        source_ = &model;
      } else if (!model.spec.has_consumers) {
        sink_ = &model;
      } else if (model.spec.max_inputs == 1) {
        layers_.push_back(&model);
      } else {
        merges_.push_back(&model);
      }
    }
    if (source_ == nullptr || sink_ == nullptr || layers_.empty()) {
      throw std::logic_error("the block registry lacks an input, output or layer type");
    }
  }

  Graph build() {
    Cursor at = place(*first_fit(*source_, {}, SampleGoal::Any), {}, 0);
    for (std::int64_t steps = pick(1, 8); steps > 0; --steps) {
      at = !merges_.empty() && chance(0.25) ? merge(at) : single(at, Stage::Image);
    }
    while (at.shape.element_count() > kMaxFlattenedFeatures) at = single(at, Stage::Shrink);
    at = single(at, Stage::Flatten);
    for (std::int64_t steps = pick(0, 4); steps > 0; --steps) {
      at = !merges_.empty() && chance(0.4) ? merge(at) : single(at, Stage::Flat);
    }
    place(*first_fit(*sink_, at.shape, SampleGoal::Any), {at}, 0);
    return std::move(graph_);
  }

 private:
  std::int64_t pick(std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, std::max(lo, hi))(rng_);
  }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }

  const BlockModel& pick_type(const std::vector<const BlockModel*>& types) {
    int total = 0;
    for (const BlockModel* model : types) total += model->sample_weight;
    std::int64_t ticket = pick(0, total - 1);
    for (const BlockModel* model : types) {
      ticket -= model->sample_weight;
      if (ticket < 0) return *model;
    }
    return *types.back();
  }

  // `model` after a block of shape `in` (none for the source), when the sampler finds
  // parameters and the rule accepts them.
  std::optional<Candidate> sample(const BlockModel& model, const std::optional<TensorShape>& in,
                                  SampleGoal goal) {
    Block block;
    block.type = model.spec.type;
    if (model.sample != nullptr) {
      blocks::ParamSampler sampler(rng_, in.value_or(TensorShape{}), goal);
      std::optional<blocks::BlockParams> params = model.sample(sampler);
      if (!params) return std::nullopt;
      block.params = std::move(*params);
    }
    BlockAnalysis analysis;
    if (in) analysis.input_shapes.push_back(*in);
    std::vector<Error> errors;
    if (!blocks::infer_block(block, analysis, errors)) return std::nullopt;
    return Candidate{std::move(block), analysis.output_shape};
  }

  std::optional<Candidate> first_fit(const BlockModel& model, const std::optional<TensorShape>& in,
                                     SampleGoal goal) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      if (auto candidate = sample(model, in, goal)) return candidate;
    }
    throw std::logic_error(model.spec.type + " never accepts its own sampled parameters");
  }

  Cursor place(const Candidate& candidate, const std::vector<Cursor>& from, int column) {
    const std::string id = graph_.add_block(candidate.block.type, column * 220.0, row_++ * 90.0);
    for (const auto& [name, value] : candidate.block.params) graph_.set_param(id, name, value);
    for (std::size_t port = 0; port < from.size(); ++port) {
      graph_.connect({from[port].id, id, static_cast<int>(port)});
    }
    return {id, candidate.shape};
  }

  Cursor single(const Cursor& at, Stage stage) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      const std::optional<Candidate> candidate =
          sample(pick_type(layers_), at.shape, SampleGoal::Any);
      if (candidate && fits(stage, at.shape, candidate->shape)) return place(*candidate, {at}, 0);
    }
    throw std::logic_error("no block type can follow " + at.shape.to_string());
  }

  // One block whose output keeps what `goal` asks of a merge branch.
  Candidate branch(const Cursor& at, SampleGoal goal) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      std::optional<Candidate> candidate = sample(pick_type(layers_), at.shape, goal);
      if (candidate && keeps(goal, at.shape, candidate->shape)) return std::move(*candidate);
    }
    throw std::logic_error("no block type keeps " + at.shape.to_string());
  }

  // 2-3 inputs: branches of one block each, sometimes with the shortcut `at` itself.
  Cursor merge(const Cursor& at) {
    const BlockModel& model = pick_type(merges_);
    const std::size_t most =
        std::min<std::size_t>(3, static_cast<std::size_t>(model.spec.max_inputs));
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      std::vector<std::optional<Candidate>> parts;  // nullopt: the shortcut
      if (chance(0.5)) parts.emplace_back();
      while (parts.size() < 2 || (parts.size() < most && chance(0.3))) {
        parts.emplace_back(branch(at, model.branch_goal));
      }
      BlockAnalysis analysis;
      for (const auto& part : parts) analysis.input_shapes.push_back(part ? part->shape : at.shape);
      Block block;
      block.type = model.spec.type;
      std::vector<Error> errors;
      if (!blocks::infer_block(block, analysis, errors)) continue;
      std::vector<Cursor> inputs;
      for (std::size_t i = 0; i < parts.size(); ++i) {
        inputs.push_back(parts[i] ? place(*parts[i], {at}, static_cast<int>(i) + 1) : at);
      }
      return place(Candidate{std::move(block), analysis.output_shape}, inputs, 0);
    }
    throw std::logic_error(model.spec.type + " never accepts its sampled branches");
  }

  std::mt19937_64& rng_;
  Graph graph_;
  int row_ = 0;
  const BlockModel* source_ = nullptr;
  const BlockModel* sink_ = nullptr;
  std::vector<const BlockModel*> layers_;
  std::vector<const BlockModel*> merges_;
};

}  // namespace

RandomGraphGenerator::RandomGraphGenerator(std::uint64_t seed) : rng_(seed) {}

Graph RandomGraphGenerator::next() {
  for (;;) {
    Graph graph = Draft(rng_).build();
    const ModelAnalysis analysis = ShapeInference::run(graph);
    if (analysis.ok()) {
      input_ = analysis.input_shape;
      return graph;
    }
    ++rejected_;
  }
}

}  // namespace convstudio
