#include "convstudio/model/random_graph_generator.h"

#include <algorithm>
#include <array>

#include "convstudio/model/shape_inference.h"

namespace convstudio {

struct RandomGraphGenerator::Cursor {
  std::string id;
  TensorShape shape;
};

namespace {

constexpr std::array<const char*, 6> kActivations = {"ReLU", "LeakyReLU", "GELU",
                                                     "SiLU", "Sigmoid",   "Tanh"};
constexpr std::int64_t kMaxChannels = 48;

}  // namespace

RandomGraphGenerator::RandomGraphGenerator(std::uint64_t seed) : rng_(seed) {}

std::int64_t RandomGraphGenerator::pick(std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, std::max(lo, hi))(rng_);
}

bool RandomGraphGenerator::chance(double p) {
  return std::bernoulli_distribution(p)(rng_);
}

Graph RandomGraphGenerator::next() {
  for (;;) {
    Graph graph = draft();
    if (ShapeInference::run(graph).ok()) return graph;
    ++rejected_;
  }
}

RandomGraphGenerator::Cursor RandomGraphGenerator::attach(Graph& graph, const Cursor& at,
                                                          const char* type, int column) {
  std::string id = graph.add_block(type, column * 220.0, row_++ * 90.0);
  graph.connect({at.id, id, 0});
  return {id, at.shape};
}

// A Conv2d with random kernel, stride, padding (explicit or "same"), dilation and groups
// (plain, grouped or depthwise). keep_size forces stride 1 and an unchanged H×W.
RandomGraphGenerator::Cursor RandomGraphGenerator::conv(Graph& graph, const Cursor& at,
                                                        bool keep_size, int column) {
  const std::int64_t c = at.shape.channels(), h = at.shape.height(), w = at.shape.width();
  std::int64_t groups = 1, out = pick(1, kMaxChannels);
  if (chance(0.25)) {
    groups = c;  // depthwise
    out = c * pick(1, std::max<std::int64_t>(1, kMaxChannels / c));
  } else if (chance(0.2)) {
    std::vector<std::int64_t> divisors;
    for (std::int64_t g = 2; g < c; ++g) {
      if (c % g == 0) divisors.push_back(g);
    }
    if (!divisors.empty()) {
      groups = divisors[static_cast<std::size_t>(pick(0, std::ssize(divisors) - 1))];
      out = groups * pick(1, std::max<std::int64_t>(1, kMaxChannels / groups));
    }
  }
  std::int64_t k = std::array<std::int64_t, 4>{1, 2, 3, 5}[static_cast<std::size_t>(pick(0, 3))];
  std::int64_t dilation = chance(0.2) ? 2 : 1;
  const bool same = keep_size ? (k % 2 == 0 || dilation > 1 || chance(0.5)) : chance(0.2);
  std::int64_t stride = 1, padding = 0;
  if (keep_size && !same) padding = dilation * (k - 1) / 2;  // odd span: symmetric padding
  if (!keep_size && !same) {
    stride = chance(0.3) ? 2 : 1;
    padding = pick(0, k / 2 + dilation - 1);
    if (dilation * (k - 1) + 1 > std::min(h, w) + 2 * padding) k = 1, dilation = 1;
  }
  const std::int64_t span = dilation * (k - 1) + 1;
  Cursor next = attach(graph, at, "Conv2d", column);
  graph.set_param(next.id, "out_channels", out);
  graph.set_param(next.id, "kernel", k);
  graph.set_param(next.id, "stride", stride);
  graph.set_param(next.id, "padding", padding);
  graph.set_param(next.id, "padding_mode", std::string(same ? "same" : "explicit"));
  graph.set_param(next.id, "dilation", dilation);
  graph.set_param(next.id, "groups", groups);
  graph.set_param(next.id, "bias", chance(0.7));
  next.shape = same ? TensorShape::image(out, h, w)
                    : TensorShape::image(out, (h + 2 * padding - span) / stride + 1,
                                         (w + 2 * padding - span) / stride + 1);
  return next;
}

RandomGraphGenerator::Cursor RandomGraphGenerator::image_step(Graph& graph, Cursor at) {
  const std::int64_t h = at.shape.height(), w = at.shape.width();
  switch (pick(0, 9)) {
    case 0:
    case 1:
      return conv(graph, at, false, 0);
    case 2: {
      Cursor bn = attach(graph, at, "BatchNorm2d");
      graph.set_param(bn.id, "momentum", chance(0.5) ? 0.1 : 0.01);
      return bn;
    }
    case 3: {
      Cursor act = attach(graph, at, kActivations[static_cast<std::size_t>(pick(0, 5))]);
      if (graph.find_block(act.id)->type == "LeakyReLU") {
        graph.set_param(act.id, "negative_slope", 0.2);
      }
      return act;
    }
    case 4: {
      const std::int64_t k = pick(1, std::min<std::int64_t>({3, h, w}));
      const std::int64_t padding = pick(0, k / 2), stride = pick(0, 2);
      Cursor pool = attach(graph, at, chance(0.5) ? "MaxPool2d" : "AvgPool2d");
      graph.set_param(pool.id, "kernel", k);
      graph.set_param(pool.id, "stride", stride);
      graph.set_param(pool.id, "padding", padding);
      const std::int64_t s = stride == 0 ? k : stride;
      pool.shape = TensorShape::image(at.shape.channels(), (h + 2 * padding - k) / s + 1,
                                      (w + 2 * padding - k) / s + 1);
      return pool;
    }
    case 5: {
      const std::int64_t size = pick(1, std::min<std::int64_t>({4, h, w}));
      Cursor pool = attach(graph, at, "AdaptiveAvgPool2d");
      graph.set_param(pool.id, "output_size", size);
      pool.shape = TensorShape::image(at.shape.channels(), size, size);
      return pool;
    }
    case 6: {
      Cursor drop = attach(graph, at, chance(0.5) ? "Dropout2d" : "Dropout");
      graph.set_param(drop.id, "p", 0.25);
      return drop;
    }
    case 7:
    case 8: {  // residual: 1-2 size-keeping branches summed with the shortcut
      std::vector<Cursor> branches{at};
      const std::int64_t count = pick(1, 2);
      for (std::int64_t b = 0; b < count; ++b) {
        Cursor branch = conv(graph, at, true, static_cast<int>(b) + 1);
        if (branch.shape.channels() != at.shape.channels()) {
          // A 1×1 conv brings the branch back to the shortcut's channels.
          Cursor back = attach(graph, branch, "Conv2d", static_cast<int>(b) + 1);
          graph.set_param(back.id, "out_channels", at.shape.channels());
          graph.set_param(back.id, "kernel", std::int64_t{1});
          back.shape = at.shape;
          branch = back;
        }
        branches.push_back(branch);
      }
      std::string add = graph.add_block("Add", 0, row_++ * 90.0);
      for (std::size_t i = 0; i < branches.size(); ++i) {
        graph.connect({branches[i].id, add, static_cast<int>(i)});
      }
      return {add, at.shape};
    }
    default: {  // concat of size-keeping branches (and sometimes the input itself)
      std::vector<Cursor> parts;
      if (chance(0.5)) parts.push_back(at);
      while (parts.size() < 2 || (parts.size() < 3 && chance(0.3))) {
        parts.push_back(conv(graph, at, true, static_cast<int>(parts.size()) + 1));
      }
      std::string concat = graph.add_block("Concat", 0, row_++ * 90.0);
      std::int64_t channels = 0;
      for (std::size_t i = 0; i < parts.size(); ++i) {
        graph.connect({parts[i].id, concat, static_cast<int>(i)});
        channels += parts[i].shape.channels();
      }
      return {concat, TensorShape::image(channels, h, w)};
    }
  }
}

RandomGraphGenerator::Cursor RandomGraphGenerator::flat_step(Graph& graph, Cursor at) {
  auto linear = [&](const Cursor& from, std::int64_t out, int column) {
    Cursor fc = attach(graph, from, "Linear", column);
    graph.set_param(fc.id, "out_features", out);
    graph.set_param(fc.id, "bias", chance(0.8));
    fc.shape = TensorShape::flat(out);
    return fc;
  };
  switch (pick(0, 4)) {
    case 0:
      return linear(at, pick(4, 64), 0);
    case 1:
      return attach(graph, at, kActivations[static_cast<std::size_t>(pick(0, 5))]);
    case 2:
      return attach(graph, at, "Dropout");
    case 3: {  // two dense branches of the same width, summed
      const std::int64_t out = pick(4, 32);
      Cursor a = linear(at, out, 1), b = linear(at, out, 2);
      std::string add = graph.add_block("Add", 0, row_++ * 90.0);
      graph.connect({a.id, add, 0});
      graph.connect({b.id, add, 1});
      return {add, a.shape};
    }
    default: {  // features joined with a dense projection of themselves
      Cursor a = linear(at, pick(4, 32), 1);
      std::string concat = graph.add_block("Concat", 0, row_++ * 90.0);
      graph.connect({at.id, concat, 0});
      graph.connect({a.id, concat, 1});
      return {concat, TensorShape::flat(at.shape.channels() + a.shape.channels())};
    }
  }
}

Graph RandomGraphGenerator::draft() {
  Graph graph;
  row_ = 0;
  const std::int64_t channels =
      std::array<std::int64_t, 4>{1, 3, 4, 8}[static_cast<std::size_t>(pick(0, 3))];
  const std::int64_t height = pick(4, 32);
  input_ = TensorShape::image(channels, height, chance(0.7) ? height : pick(4, 32));
  Cursor at{graph.add_block("Input", 0, row_++ * 90.0), input_};
  graph.set_param(at.id, "channels", input_.channels());
  graph.set_param(at.id, "height", input_.height());
  graph.set_param(at.id, "width", input_.width());
  for (std::int64_t steps = pick(1, 8); steps > 0; --steps) at = image_step(graph, at);
  if (at.shape.element_count() > 4096 || chance(0.3)) {
    Cursor pool = attach(graph, at, "AdaptiveAvgPool2d");
    const std::int64_t size = pick(1, 2);
    graph.set_param(pool.id, "output_size", size);
    at = {pool.id, TensorShape::image(at.shape.channels(), size, size)};
  }
  Cursor flat = attach(graph, at, "Flatten");
  at = {flat.id, TensorShape::flat(at.shape.element_count())};
  for (std::int64_t steps = pick(0, 4); steps > 0; --steps) at = flat_step(graph, at);
  Cursor output = attach(graph, at, "Output");
  graph.set_param(output.id, "classes", pick(2, 12));
  graph.set_param(output.id, "softmax", chance(0.5));
  return graph;
}

}  // namespace convstudio
