#include "convstudio/model/memory_estimator.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "graph_sketch.h"

namespace convstudio {
namespace {

using testing::GraphSketch;
using testing::i;

// A graph with its analysis: the estimate reads the wires and the blocks' parameters too.
struct Analysed {
  Graph graph;
  ModelAnalysis analysis;
};

Analysed analysed(Graph graph) {
  ModelAnalysis analysis = ShapeInference::run(graph);
  return {std::move(graph), std::move(analysis)};
}

Analysed template_analysis(const std::string& name,
                           TensorShape input = TensorShape::image(3, 32, 32)) {
  return analysed(*TemplateLibrary::instantiate(name, input, 10).graph);
}

MemoryEstimate estimate(const Analysed& model, const MemoryOptions& options) {
  return MemoryEstimator::estimate(model.graph, model.analysis, options);
}

// input 1×4×4 -> conv 2@3×3 (20 params, out 2×2×2) -> relu -> flatten -> output 3 (27 params).
Graph small_model() {
  return GraphSketch()
      .block("input", "Input", {{"channels", i(1)}, {"height", i(4)}, {"width", i(4)}})
      .then("conv", "Conv2d", {{"out_channels", i(2)}})
      .then("relu", "ReLU")
      .then("flat", "Flatten")
      .then("out", "Output", {{"classes", i(3)}})
      .graph();
}

TEST(MemoryEstimator, BreakdownOfASmallModelIsExact) {
  const Analysed model = analysed(small_model());
  ASSERT_TRUE(model.analysis.ok());
  ASSERT_EQ(model.analysis.total_params(), 47);
  MemoryOptions options;
  options.batch_size = 10;
  options.optimizer = OptimizerKind::Adam;
  const MemoryEstimate m = estimate(model, options);
  // The highest moment is the ReLU's backward: the ReLU's output is still kept (8 per sample;
  // the logits, 3, went with the loss's backward), the gradient of its output waits (8) and it
  // produces the conv output's (8); the Output block's weight gradients exist (27), the conv's
  // not yet.
  EXPECT_EQ(m.peak_phase, MemoryPhase::Backward);
  EXPECT_EQ(m.peak_block, "relu");
  EXPECT_EQ(m.weights_bytes, 47 * 4);
  EXPECT_EQ(m.gradients_bytes, 27 * 4);
  EXPECT_EQ(m.optimizer_state_bytes, 2 * 47 * 4);
  EXPECT_EQ(m.activations_bytes, 10 * 8 * 4);
  EXPECT_EQ(m.input_batch_bytes, 10 * (16 * 4 + 8));
  EXPECT_EQ(m.workspace_bytes, 10 * (8 + 8) * 4);
  EXPECT_EQ(m.total_bytes, m.weights_bytes + m.gradients_bytes + m.optimizer_state_bytes +
                               m.activations_bytes + m.input_batch_bytes + m.workspace_bytes);
}

TEST(MemoryEstimator, ARecomputedBlockAloneKeepsItsInputsSoSavesNothing) {
  // As above, with the ReLU recomputed in backward: it no longer keeps its output for itself
  // (Output still keeps it, through the flatten view), but it keeps its input, the conv output,
  // for the recomputation, and backward holds its output again while recomputing it.
  Graph graph = small_model();
  graph.find_block("relu")->recompute = true;
  const Analysed model = analysed(graph);
  ASSERT_TRUE(model.analysis.ok());
  EXPECT_TRUE(model.analysis.find("relu")->recompute);
  EXPECT_TRUE(model.analysis.find("conv")->output_saved_for_backward);
  MemoryOptions options;
  options.batch_size = 10;
  const MemoryEstimate plain = estimate(analysed(small_model()), options);
  const MemoryEstimate marked = estimate(model, options);
  EXPECT_GT(marked.total_bytes, plain.total_bytes);
  EXPECT_EQ(MemoryEstimator::kept_for_backward(*graph.find_block("conv"),
                                               *model.analysis.find("conv"), options),
            10 * 8 * 4);
}

TEST(MemoryEstimator, RecomputingDropoutAndPoolingDropsTheirMasksAndIndices) {
  // Their inputs are kept anyway (the ReLU before a pool keeps its output; a mask is as big as
  // the input it replaces), so what goes is the pools' int64 indices.
  const Graph plain_graph =
      *TemplateLibrary::instantiate("vgg-small", TensorShape::image(3, 32, 32), 10).graph;
  const MemoryEstimate plain = estimate(analysed(plain_graph), MemoryOptions{});
  Graph graph = plain_graph;
  for (const Block& block : plain_graph.blocks()) {
    if (block.type == "Dropout" || block.type == "MaxPool2d") {
      graph.find_block(block.id)->recompute = true;
    }
  }
  const MemoryEstimate marked = estimate(analysed(graph), MemoryOptions{});
  EXPECT_LT(marked.total_bytes, plain.total_bytes);
}

// resnet-small's blocks in the order shape inference runs them, the Input block left out.
std::vector<std::string> blocks_after_input(const ModelAnalysis& analysis) {
  std::vector<std::string> ids;
  for (const BlockAnalysis& block : analysis.blocks) {
    if (!block.input_shapes.empty()) ids.push_back(block.id);
  }
  return ids;
}

TEST(MemoryEstimator, ARecomputeGroupKeepsOnlyItsInputsWhereSingleBlocksSaveLittle) {
  const Graph plain_graph =
      *TemplateLibrary::instantiate("resnet-small", TensorShape::image(1, 28, 28), 10).graph;
  const ModelAnalysis plain_analysis = ShapeInference::run(plain_graph);
  const MemoryEstimate plain =
      MemoryEstimator::estimate(plain_graph, plain_analysis, MemoryOptions{});
  const std::vector<std::string> ids = blocks_after_input(plain_analysis);
  const std::size_t half = ids.size() / 2;  // a prefix of a dependency order is a closed region

  Graph alone = plain_graph;
  Graph grouped = plain_graph;
  for (std::size_t b = 0; b < ids.size(); ++b) {
    alone.find_block(ids[b])->recompute = true;
    Block& block = *grouped.find_block(ids[b]);
    block.recompute = true;
    block.recompute_group = b < half ? "front" : "back";
  }
  const ModelAnalysis alone_analysis = ShapeInference::run(alone);
  const ModelAnalysis grouped_analysis = ShapeInference::run(grouped);
  ASSERT_TRUE(grouped_analysis.ok());
  EXPECT_EQ(grouped_analysis.find(ids.front())->recompute_segment, "group:front");
  EXPECT_EQ(alone_analysis.find(ids.front())->recompute_segment, "block:" + ids.front());
  // Inside a group nothing is kept; the group's inputs and the logits (the loss's) are.
  const auto kept = [](const ModelAnalysis& analysis) {
    return std::count_if(analysis.blocks.begin(), analysis.blocks.end(),
                         [](const BlockAnalysis& b) { return b.output_saved_for_backward; });
  };
  EXPECT_LE(kept(grouped_analysis), 3);
  EXPECT_GT(kept(alone_analysis), 10);

  const MemoryEstimate each = MemoryEstimator::estimate(alone, alone_analysis, MemoryOptions{});
  const MemoryEstimate two = MemoryEstimator::estimate(grouped, grouped_analysis, MemoryOptions{});
  // Backward recomputes one group at a time, holding what that group would have kept and, until
  // the group is done, its output and that output's gradient: the peak comes when the front
  // group is recomputed and is no lower than without recomputing, as the front half holds the
  // 28×28 blocks, most of the activations (measured likewise: README "Profiling").
  EXPECT_EQ(two.peak_phase, MemoryPhase::Backward);
  EXPECT_LT(std::find(ids.begin(), ids.end(), two.peak_block) - ids.begin(),
            static_cast<std::ptrdiff_t>(half));
  EXPECT_GT(two.total_bytes, plain.total_bytes * 9 / 10);
  EXPECT_LT(two.total_bytes, each.total_bytes);
}

TEST(MemoryEstimator, AGroupWithAnUnmarkedBlockBetweenItsBlocksIsAnError) {
  Graph graph = small_model();
  for (const char* id : {"conv", "flat"}) {
    graph.find_block(id)->recompute = true;
    graph.find_block(id)->recompute_group = "stage";
  }
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_EQ(analysis.errors.size(), 1u);
  EXPECT_EQ(analysis.errors[0].block_id, "relu");
  EXPECT_EQ(analysis.errors[0].field, "recompute");
  EXPECT_NE(analysis.errors[0].message.find("'stage'"), std::string::npos);
  graph.find_block("relu")->recompute = true;
  graph.find_block("relu")->recompute_group = "stage";
  EXPECT_TRUE(ShapeInference::run(graph).ok());
}

TEST(MemoryEstimator, OptimizerStateFollowsTheOptimizer) {
  const Analysed model = template_analysis("lenet5");
  MemoryOptions options;
  options.optimizer = OptimizerKind::Sgd;
  options.momentum = 0;
  EXPECT_EQ(estimate(model, options).optimizer_state_bytes, 0);
  options.momentum = 0.9;
  EXPECT_EQ(estimate(model, options).optimizer_state_bytes, 62006 * 4);
  options.optimizer = OptimizerKind::AdamW;
  EXPECT_EQ(estimate(model, options).optimizer_state_bytes, 2 * 62006 * 4);
}

TEST(MemoryEstimator, GrowsWithBatchAndShrinksWithLowerPrecision) {
  for (const std::string name : {"lenet5", "vgg-small", "resnet-small", "mobilenet-small"}) {
    SCOPED_TRACE(name);
    const Analysed model = template_analysis(name);
    std::int64_t previous = 0;
    for (std::int64_t batch : {1, 8, 64, 256}) {
      MemoryOptions options;
      options.batch_size = batch;
      const MemoryEstimate fp32 = estimate(model, options);
      EXPECT_GT(fp32.total_bytes, previous);
      previous = fp32.total_bytes;
      if (batch < 64) continue;  // at tiny batches the autocast weight copies can dominate
      options.precision = Precision::Fp16;
      const MemoryEstimate fp16 = estimate(model, options);
      options.precision = Precision::Bf16;
      const MemoryEstimate bf16 = estimate(model, options);
      EXPECT_LT(fp16.total_bytes, fp32.total_bytes);
      EXPECT_EQ(fp16, bf16);
    }
  }
}

TEST(MemoryEstimator, ReadsTrainingSettings) {
  const Analysed model = template_analysis("resnet-small");
  TrainingSettings training;
  training.batch_size = 32;
  training.amp = AmpMode::Bf16;
  training.optimizer.kind = OptimizerKind::Adam;
  training.memory_format = MemoryFormat::ChannelsLast;
  MemoryOptions options{32, Precision::Bf16, OptimizerKind::Adam, 0.9};
  options.channels_last = true;
  options.convolutions_unfold = cpu_convolutions_unfold(Precision::Bf16);
  EXPECT_EQ(MemoryEstimator::estimate(model.graph, model.analysis, training),
            estimate(model, options));
  training.device = "cuda:1";
  EXPECT_TRUE(memory_options(training, model.analysis).on_cuda);
  EXPECT_FALSE(memory_options(training, model.analysis).convolutions_unfold);
  EXPECT_FALSE(cpu_convolutions_unfold(Precision::Fp32));
  EXPECT_EQ(parse_precision("fp16"), Precision::Fp16);
  EXPECT_FALSE(parse_precision("fp8").has_value());
}

// The memory format's Auto reads the model's convolution work: lenet5's convolutions (1→6, 6→16)
// are narrow, resnet-small's are mostly 24 channels and wider; Auto's layout in the estimate is
// the one a run of it uses (memory_format_rule).
TEST(MemoryEstimator, AutoLayoutFollowsTheModelsConvolutionWork) {
  const Analysed lenet = template_analysis("lenet5", TensorShape::image(1, 28, 28));
  const Analysed resnet = template_analysis("resnet-small");
  EXPECT_TRUE(lenet.analysis.convolution_work().any);
  EXPECT_FALSE(lenet.analysis.convolution_work().mostly_wide);
  EXPECT_TRUE(resnet.analysis.convolution_work().mostly_wide);
  TrainingSettings training;  // Auto, fp32, the CPU
  EXPECT_FALSE(memory_options(training, lenet.analysis).channels_last);
  EXPECT_TRUE(memory_options(training, resnet.analysis).channels_last);
  training.amp = AmpMode::Bf16;
  EXPECT_TRUE(memory_options(training, lenet.analysis).channels_last);
  Graph dense;
  const std::string input = dense.add_block("Input");
  dense.set_param(input, "channels", std::int64_t{3});
  const std::string flatten = dense.add_block("Flatten");
  const std::string output = dense.add_block("Output");
  dense.connect({input, flatten, 0});
  dense.connect({flatten, output, 0});
  EXPECT_FALSE(ShapeInference::run(dense).convolution_work().any);
}

TEST(MemoryEstimator, UnfoldedConvolutionsPeakInTheFirstStagesBackward) {
  // bf16 on a CPU without oneDNN kernels for it: LibTorch's slow_conv2d unfolds the whole batch,
  // 24 input channels × 3×3 × 28×28 positions for resnet-small's first stage, nine times its
  // output. That comes when backward reaches the first stage, most activations already freed.
  const Analysed model = template_analysis("resnet-small", TensorShape::image(1, 28, 28));
  MemoryOptions options;
  options.batch_size = 64;
  options.precision = Precision::Bf16;
  const MemoryEstimate oneDnn = estimate(model, options);
  options.convolutions_unfold = true;
  const MemoryEstimate unfolding = estimate(model, options);
  const std::int64_t unfolded = 64 * 24 * 9 * 28 * 28 * 2;
  EXPECT_EQ(unfolding.peak_phase, MemoryPhase::Backward);
  EXPECT_EQ(unfolding.peak_block.rfind("s1_conv", 0), 0u) << unfolding.peak_block;
  EXPECT_GE(unfolding.workspace_bytes, unfolded);
  EXPECT_LT(unfolding.activations_bytes, oneDnn.activations_bytes);
  EXPECT_LT(unfolding.total_bytes, oneDnn.total_bytes + unfolded);
}

TEST(MemoryEstimator, OneDnnMaxPoolingKeepsACopyOfItsInput) {
  // lenet5's pool1 (2×2, stride 2) on 6×24×24: LibTorch's int64 indices, or in fp32 NCHW
  // oneDNN's copy of the input, its own output and a byte per output.
  const Analysed model = template_analysis("lenet5", TensorShape::image(1, 28, 28));
  const Block& pool = *model.graph.find_block("pool1");
  const BlockAnalysis& analysed_pool = *model.analysis.find("pool1");
  MemoryOptions options;
  options.batch_size = 16;
  const std::int64_t in = 6 * 24 * 24;
  const std::int64_t out = 6 * 12 * 12;
  EXPECT_EQ(MemoryEstimator::kept_for_backward(pool, analysed_pool, options),
            16 * (out * 4 + in * 4 + out * 5));
  options.channels_last = true;
  EXPECT_EQ(MemoryEstimator::kept_for_backward(pool, analysed_pool, options),
            16 * (out * 4 + out * 8));
}

}  // namespace
}  // namespace convstudio
