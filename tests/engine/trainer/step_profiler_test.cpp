// The profiler: its rows partition a step (they sum to the step's time measured whole), every
// block with weights gets forward and backward time in a network with branches, the kept
// memory is what autograd saves, the trace is Chrome's format, and with the profiler off the
// model runs no timing call and installs no hook.

#include "convstudio/train/step_profile.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>

#include "convstudio/model/memory_estimator.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "nn/block_observer.h"
#include "tiny_dataset.h"
#include "train/optimizer_factory.h"
#include "train/profile_clock.h"
#include "train/profile_steps.h"

namespace convstudio {
namespace {

// A host clock that counts its marks, to show when the profiler's code runs.
class CountingClock final : public ProfileClock {
 public:
  void clear() override { inner_->clear(); }
  int mark() override {
    ++marks;
    return inner_->mark();
  }
  void settle() override { inner_->settle(); }
  double ms_between(int from, int to) const override { return inner_->ms_between(from, to); }
  const char* name() const override { return "counting host clock"; }
  int marks = 0;

 private:
  std::unique_ptr<ProfileClock> inner_ = make_profile_clock(torch::kCPU);
};

// A model of `graph` with its optimizer, fed endless random batches of `batch` images.
struct Profiled {
  Profiled(const Graph& graph_in, std::int64_t batch_in) : graph(graph_in), batch(batch_in) {
    analysis = ShapeInference::run(graph);
    EXPECT_TRUE(analysis.ok());
    model.emplace(graph, analysis);
    settings.optimizer.lr = 0.01;
    settings.batch_size = batch;
    optimizer = make_optimizer(settings, (*model)->trainable_parameters());
  }

  ProfileSubject subject(ProfileClock* clock = nullptr) {
    ProfileSubject s;
    s.model = &*model;
    s.optimizer = optimizer.get();
    s.graph = &graph;
    s.analysis = &analysis;
    s.clock = clock;
    s.amp = settings.amp;
    const TensorShape input = analysis.input_shape;
    const std::int64_t classes = analysis.output_shape().channels();
    s.next_batch = [input, classes, b = batch] {
      Batch next;
      next.images = torch::randn({b, input.channels(), input.height(), input.width()});
      next.labels = torch::randint(classes, {b}, torch::kLong);
      return std::optional<Batch>(next);
    };
    s.restart = [] {};
    return s;
  }

  StepProfile profile(std::int64_t steps, ProfileClock* clock = nullptr) {
    StepProfile result;
    run_profile_steps(subject(clock), 1, steps, {}, result);
    return result;
  }

  Graph graph;
  std::int64_t batch;
  TrainingSettings settings;  // its optimizer; its precision (amp) runs the steps
  ModelAnalysis analysis;
  std::optional<GraphModule> model;
  std::unique_ptr<torch::optim::Optimizer> optimizer;
};

const BlockProfile& row(const StepProfile& profile, const std::string& id) {
  for (const BlockProfile& block : profile.blocks) {
    if (block.block_id == id) return block;
  }
  throw std::runtime_error("no row " + id);
}

TEST(StepProfiler, RowsSumToTheStepMeasuredWholeOnAResidualNetwork) {
  Profiled resnet(
      *TemplateLibrary::instantiate("resnet-small", TensorShape::image(3, 32, 32), 10).graph, 4);
  const StepProfile profile = resnet.profile(3);
  ASSERT_EQ(profile.steps, 3);
  ASSERT_EQ(profile.blocks.size(), resnet.analysis.blocks.size());
  ASSERT_EQ(profile.stages.size(), 4u);
  ASSERT_GT(profile.step_ms, 0);
  // The rows partition the step on the profiler's clock, and the host's clock around the whole
  // step (the profiler's own work included) agrees within 10%.
  EXPECT_NEAR(profile.rows_ms(), profile.step_ms, 0.1 * profile.step_ms);
  EXPECT_NEAR(profile.rows_ms(), profile.wall_step_ms, 0.1 * profile.wall_step_ms);
  double shares = 0;
  for (const BlockProfile& block : profile.blocks) shares += block.share;
  for (const StageProfile& stage : profile.stages) shares += stage.share;
  EXPECT_NEAR(shares, 1.0, 0.1);
  // Backward reached every block with weights, along the shortcuts too, in its own interval.
  for (const BlockAnalysis& block : resnet.analysis.blocks) {
    const BlockProfile& measured = row(profile, block.id);
    EXPECT_GE(measured.forward_ms, 0) << block.id;
    EXPECT_GE(measured.backward_ms, 0) << block.id;
    if (block.params == 0) continue;
    EXPECT_GT(measured.forward_ms, 0) << block.id;
    EXPECT_GT(measured.backward_ms, 0) << block.id;
    if (block.macs > 0) {
      EXPECT_GT(measured.flops_per_second, 0) << block.id;
    }
  }
  EXPECT_EQ(row(profile, resnet.analysis.blocks.front().id).backward_ms, 0)
      << "the Input block has no backward";
  ASSERT_NE(profile.hottest(), nullptr);
}

TEST(StepProfiler, KeptMemoryIsWhatAutogradSavesForBackward) {
  // Input(1×8×8) → Conv2d(4) → BatchNorm2d → ReLU → Flatten → Output(4), batch 8: BatchNorm
  // saves its input, the convolution's output, 8×4×8×8 fp32; ReLU saves its own output.
  Profiled tiny(testing::tiny_conv_project("unused").graph, 8);
  const StepProfile profile = tiny.profile(2);
  const std::int64_t conv_output = 8 * 4 * 8 * 8 * 4;
  EXPECT_EQ(row(profile, "conv1").kept_bytes, conv_output);
  EXPECT_EQ(row(profile, "conv1").estimated_kept_bytes, conv_output);
  std::string relu;
  for (const BlockAnalysis& block : tiny.analysis.blocks) {
    if (block.type == "ReLU") relu = block.id;
  }
  EXPECT_EQ(row(profile, relu).kept_bytes, conv_output);
  EXPECT_EQ(row(profile, relu).estimated_kept_bytes, conv_output);
  // The step's peak holds at least the weights, what backward keeps and the input batch.
  EXPECT_GT(profile.peak_bytes, 2 * conv_output + 8 * 64 * 4);
}

TEST(StepProfiler, MemoryEstimateIsWithinTenPercentOfTheMeasuredPeak) {
  // The builder's estimate against LibTorch's CPU allocator (its own reports), on
  // Fashion-MNIST's 1×28×28 at batch 32. bf16 on a CPU without oneDNN's bf16 kernels unfolds
  // every convolution's input, which the estimate once missed (0.75 of the measured peak).
  for (const char* name : {"lenet5", "resnet-small"}) {
    for (const AmpMode amp : {AmpMode::Off, AmpMode::Bf16}) {
      SCOPED_TRACE(std::string(name) + (amp == AmpMode::Off ? " fp32" : " bf16"));
      Profiled model(*TemplateLibrary::instantiate(name, TensorShape::image(1, 28, 28), 10).graph,
                     32);
      // As a run of each template trains on the CPU, Auto: channels-last but for lenet5 in fp32
      // (its narrow convolutions; oneDNN's fp32 convolutions on NCHW make reordered copies the
      // estimate does not count, none at lenet5's sizes).
      model.settings.amp = amp;
      model.settings.memory_format = MemoryFormat::Auto;
      const bool channels_last =
          memory_format_rule(MemoryFormat::Auto, false, amp, model.analysis.convolution_work())
              .channels_last;
      EXPECT_EQ(channels_last, std::string(name) != "lenet5" || amp == AmpMode::Bf16);
      (*model.model)->set_channels_last(channels_last);
      ProfileSubject subject = model.subject();
      subject.channels_last = channels_last;
      subject.amp = amp;
      subject.peak_only = true;
      StepProfile profile;
      run_profile_steps(subject, 1, 1, {}, profile);
      ASSERT_GT(profile.peak_bytes, 0);
      const MemoryEstimate estimate =
          MemoryEstimator::estimate(model.graph, model.analysis, model.settings);
      EXPECT_NEAR(static_cast<double>(estimate.total_bytes),
                  static_cast<double>(profile.peak_bytes), 0.1 * profile.peak_bytes);
      // The peak is the highest of the step's parts; backward holds the most here.
      EXPECT_GT(profile.peak_by_part.forward_bytes, 0);
      EXPECT_GT(profile.peak_by_part.optimizer_bytes, 0);
      EXPECT_EQ(profile.peak_by_part.backward_bytes, profile.peak_bytes);
      EXPECT_EQ(estimate.peak_phase, MemoryPhase::Backward);
    }
  }
}

TEST(StepProfiler, WithTheProfilerOffNothingIsTimedOrHooked) {
  Profiled tiny(testing::tiny_conv_project("unused").graph, 8);
  CountingClock clock;
  const StepProfile profile = tiny.profile(2, &clock);
  ASSERT_GT(clock.marks, 0);
  EXPECT_EQ(block_observer(**tiny.model), nullptr);
  // A plain step afterwards: no mark from a forward observer or from a backward hook left on
  // the model.
  const int before = clock.marks;
  const Batch batch = *tiny.subject().next_batch();
  torch::nn::functional::cross_entropy((*tiny.model)->forward(batch.images), batch.labels)
      .backward();
  EXPECT_EQ(clock.marks, before);
}

TEST(StepProfiler, TraceIsChromeTraceEventFormat) {
  Profiled tiny(testing::tiny_conv_project("unused").graph, 8);
  StepProfile profile = tiny.profile(2);
  profile.device = "cpu";
  profile.precision = "fp32";
  const nlohmann::json trace = nlohmann::json::parse(chrome_trace_json(profile));
  ASSERT_TRUE(trace.at("traceEvents").is_array());
  std::set<std::string> forward_names;
  std::set<int> backward_tids;
  std::set<int> forward_tids;
  for (const nlohmann::json& event : trace.at("traceEvents")) {
    ASSERT_TRUE(event.at("name").is_string());
    ASSERT_TRUE(event.at("pid").is_number_integer());
    ASSERT_TRUE(event.at("tid").is_number_integer());
    const std::string phase = event.at("ph");
    ASSERT_TRUE(phase == "X" || phase == "M") << phase;
    if (phase != "X") continue;
    ASSERT_TRUE(event.at("ts").is_number());
    ASSERT_GE(event.at("dur").get<double>(), 0);
    if (event.at("cat") == "forward") {
      forward_names.insert(event.at("name").get<std::string>());
      forward_tids.insert(event.at("tid").get<int>());
    }
    if (event.at("cat") == "backward") backward_tids.insert(event.at("tid").get<int>());
  }
  EXPECT_TRUE(forward_names.contains("conv1"));
  ASSERT_EQ(forward_tids.size(), 1u);
  ASSERT_EQ(backward_tids.size(), 1u);
  EXPECT_NE(*forward_tids.begin(), *backward_tids.begin());
}

TEST(StepProfiler, RefusesZeroSteps) {
  ProfileOptions options;
  options.steps = 0;
  const std::optional<Error> problem = check_profile_options(options);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->field, "profile.steps");
}

}  // namespace
}  // namespace convstudio
