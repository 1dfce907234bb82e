// Activation checkpointing's trade (issue 19): the tensor memory a training step of resnet-small
// holds, and its time, with no block recomputed, every block recomputed alone, one recompute
// group per residual stage, one group ending at each ReLU (conv, BatchNorm, ReLU; the Add with
// its ReLU), and the whole model as one group.
// Usage: activation_memory_bench [batch] [rounds] [steps per round] [threads]
// (256 5 5 1 by default). Memory is counted on the CPU by LibTorch's own allocator hook
// (nn/cpu_allocation_meter.h): bytes allocated by the step (weights, gradients and optimizer
// state exist before it and are not counted; the input batch neither). "Kept" is what is alive
// after the forward (what autograd keeps for backward, plus the logits); "peak" is the most
// alive at any point of forward and backward. Time: each round runs every configuration's steps
// back to back; the figure is the median over rounds of (configuration / no recompute).

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "nn/cpu_allocation_meter.h"
#include "nn/graph_module.h"

using namespace convstudio;

namespace {

struct Configuration {
  std::string name;
  Graph graph;
  std::int64_t kept = 0;
  std::int64_t peak = 0;
  std::vector<double> seconds = {};  // per round
};

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values.empty() ? 0 : values[values.size() / 2];
}

// Marks the blocks after the Input; `group_of` gives each its group ("" alone).
Graph marked(const Graph& plain, const std::function<std::string(std::size_t)>& group_of) {
  Graph graph = plain;
  const ModelAnalysis analysis = ShapeInference::run(plain);
  for (std::size_t b = 0; b < analysis.blocks.size(); ++b) {
    if (analysis.blocks[b].input_shapes.empty()) continue;
    Block& block = *graph.find_block(analysis.blocks[b].id);
    block.recompute = true;
    block.recompute_group = group_of(b);
  }
  return graph;
}

// Groups that end after each block `ends_group` accepts, in dependency order: contiguous runs
// of a dependency order are closed regions of the graph, as a recompute group must be.
std::function<std::string(std::size_t)> groups_ending_after(
    const Graph& plain, const std::function<bool(const Graph&, const BlockAnalysis&)>& ends_group) {
  const ModelAnalysis analysis = ShapeInference::run(plain);
  std::vector<std::string> group(analysis.blocks.size());
  int number = 1;
  for (std::size_t b = 0; b < analysis.blocks.size(); ++b) {
    group[b] = "segment" + std::to_string(number);
    if (ends_group(plain, analysis.blocks[b])) ++number;
  }
  return [group](std::size_t b) { return group[b]; };
}

// A residual stage ends with the ReLU after its Add (the stem goes with the first stage, the
// head forms the last group).
bool ends_stage(const Graph& graph, const BlockAnalysis& block) {
  const auto inputs = graph.inputs_of(block.id);
  return block.type == "ReLU" && inputs.size() == 1 &&
         graph.find_block(inputs.front().from)->type == "Add";
}

bool is_relu(const Graph&, const BlockAnalysis& block) {
  return block.type == "ReLU";
}

}  // namespace

int main(int argc, char** argv) {
  const long batch = argc > 1 ? std::atol(argv[1]) : 256;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
  const int steps = argc > 3 ? std::atoi(argv[3]) : 5;
  torch::set_num_threads(argc > 4 ? std::atoi(argv[4]) : 1);
  const Graph plain =
      *TemplateLibrary::instantiate("resnet-small", TensorShape::image(1, 28, 28), 10).graph;
  std::vector<Configuration> configurations{
      {"no recompute", plain},
      {"every block alone", marked(plain, [](std::size_t) { return std::string(); })},
      {"one group per stage", marked(plain, groups_ending_after(plain, ends_stage))},
      {"one group per ReLU", marked(plain, groups_ending_after(plain, is_relu))},
      {"whole model, one group", marked(plain, [](std::size_t) { return std::string("all"); })},
  };
  torch::manual_seed(1);
  const torch::Tensor images = torch::randn({batch, 1, 28, 28});
  const torch::Tensor labels = torch::randint(0, 10, {batch});
  for (int round = 0; round <= rounds; ++round) {  // round 0 warms up and measures memory
    for (Configuration& c : configurations) {
      torch::manual_seed(2);
      GraphModule module(c.graph, ShapeInference::run(c.graph));
      module->train();
      torch::optim::SGD optimizer(module->parameters(),
                                  torch::optim::SGDOptions(0.01).momentum(0.9));
      const auto step = [&](CpuAllocationMeter* meter) {
        optimizer.zero_grad(/*set_to_none=*/false);
        const torch::Tensor loss = torch::cross_entropy_loss(module->forward(images), labels);
        if (meter != nullptr) c.kept = meter->live_bytes();
        loss.backward();
        optimizer.step();
      };
      step(nullptr);  // gradients and momentum exist from here on
      if (round == 0) {
        CpuAllocationMeter meter;
        step(&meter);
        c.peak = meter.peak_bytes();
        continue;
      }
      const auto start = std::chrono::steady_clock::now();
      for (int s = 0; s < steps; ++s) step(nullptr);
      c.seconds.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / steps);
    }
  }
  std::printf("resnet-small, batch %ld, fp32, %d thread(s), %d rounds of %d steps\n", batch,
              torch::get_num_threads(), rounds, steps);
  std::printf("%-24s %10s %10s %10s %18s\n", "configuration", "kept MiB", "peak MiB", "ms/step",
              "time vs none (spread)");
  for (const Configuration& c : configurations) {
    std::vector<double> ratios;
    for (std::size_t r = 0; r < c.seconds.size(); ++r) {
      ratios.push_back(c.seconds[r] / configurations.front().seconds[r]);
    }
    std::printf("%-24s %10.1f %10.1f %10.1f %8.2f (%.2f-%.2f)\n", c.name.c_str(),
                c.kept / 1048576.0, c.peak / 1048576.0, median(c.seconds) * 1000, median(ratios),
                *std::min_element(ratios.begin(), ratios.end()),
                *std::max_element(ratios.begin(), ratios.end()));
  }
  return 0;
}
