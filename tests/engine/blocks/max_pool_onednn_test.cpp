// The MaxPool2d block runs oneDNN's pooling on the CPU where that is faster (see
// max_pool2d_torch.cpp). Users depend on it computing exactly what torch.max_pool2d computes:
// these tests compare outputs and gradients bit for bit against LibTorch's own kernel, on
// inputs full of tied maxima (the case where two kernels could pick different elements).

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <cmath>
#include <limits>

#include "blocks/block_torch.h"

namespace convstudio {
namespace {

struct Window {
  std::int64_t kernel, stride, padding;
  bool ceil_mode;
};

blocks::TorchLayer max_pool_layer(const Window& w) {
  Block block;
  block.id = "pool";
  block.type = "MaxPool2d";
  block.params = {{"kernel", w.kernel},
                  {"stride", w.stride},
                  {"padding", w.padding},
                  {"ceil_mode", w.ceil_mode}};
  return blocks::block_torch("MaxPool2d").build(block, BlockAnalysis{});
}

torch::Tensor reference(const torch::Tensor& input, const Window& w) {
  return torch::max_pool2d(input, {w.kernel, w.kernel}, {w.stride, w.stride},
                           {w.padding, w.padding}, {1, 1}, w.ceil_mode);
}

// Rounded ReLU outputs: most windows hold several equal maxima (zeros and small integers).
torch::Tensor tied_input(std::vector<std::int64_t> sizes, torch::Dtype dtype) {
  return torch::randn(sizes).relu().round().to(dtype);
}

void expect_same_as_libtorch(const torch::Tensor& input, const Window& w) {
  const blocks::TorchLayer layer = max_pool_layer(w);
  torch::Tensor ours_in = input.clone().requires_grad_();
  torch::Tensor theirs_in = input.clone().requires_grad_();
  torch::Tensor ours = layer.forward({ours_in}, true);
  torch::Tensor theirs = reference(theirs_in, w);
  ASSERT_EQ(ours.sizes(), theirs.sizes());
  EXPECT_EQ(ours.scalar_type(), theirs.scalar_type());
  EXPECT_TRUE(torch::equal(ours, theirs));
  const torch::Tensor upstream = torch::randn(theirs.sizes()).to(theirs.scalar_type());
  ours.backward(upstream);
  theirs.backward(upstream);
  EXPECT_TRUE(torch::equal(ours_in.grad(), theirs_in.grad()));
}

TEST(MaxPoolBlock, SameOutputsAndGradientsAsLibTorchOnTiedInputs) {
  torch::manual_seed(3);
  const std::vector<Window> windows = {{2, 2, 0, false}, {2, 2, 1, false}, {3, 3, 1, true},
                                       {2, 3, 0, true},  {3, 2, 1, false}, {3, 2, 1, true},
                                       {1, 1, 0, false}, {5, 5, 2, true}};
  const std::vector<std::vector<std::int64_t>> sizes = {
      {16, 6, 24, 24}, {3, 5, 13, 10}, {2, 4, 7, 7}, {1, 1, 9, 16}};
  for (const Window& w : windows) {
    for (const auto& size : sizes) {
      for (torch::Dtype dtype : {torch::kFloat, torch::kBFloat16}) {
        SCOPED_TRACE(::testing::Message()
                     << "kernel " << w.kernel << " stride " << w.stride << " padding " << w.padding
                     << " ceil " << w.ceil_mode << " size " << size[2] << "x" << size[3]
                     << " dtype " << dtype);
        expect_same_as_libtorch(tied_input(size, dtype), w);
      }
    }
  }
}

TEST(MaxPoolBlock, NaNInsideAWindowIsPropagatedAsLibTorchDoes) {
  torch::Tensor input = torch::randn({2, 3, 8, 8});
  input[1][2][5][6] = std::numeric_limits<float>::quiet_NaN();
  const Window w{2, 2, 0, false};
  torch::Tensor ours = max_pool_layer(w).forward({input}, false);
  EXPECT_TRUE(std::isnan(ours[1][2][2][3].item<float>()));
  EXPECT_TRUE(torch::equal(torch::isnan(ours), torch::isnan(reference(input, w))));
}

TEST(MaxPoolBlock, ChannelsLastInputKeepsItsLayout) {
  torch::manual_seed(4);
  const torch::Tensor input =
      tied_input({4, 8, 12, 12}, torch::kFloat).contiguous(at::MemoryFormat::ChannelsLast);
  const Window w{2, 2, 0, false};
  torch::Tensor ours = max_pool_layer(w).forward({input}, false);
  EXPECT_TRUE(ours.is_contiguous(at::MemoryFormat::ChannelsLast));
  expect_same_as_libtorch(input, w);
}

TEST(MaxPoolBlock, InferenceModeGivesTheSameOutput) {
  torch::manual_seed(5);
  const torch::Tensor input = tied_input({8, 6, 24, 24}, torch::kFloat);
  const Window w{2, 2, 0, false};
  torch::InferenceMode inference;
  EXPECT_TRUE(torch::equal(max_pool_layer(w).forward({input}, false), reference(input, w)));
}

}  // namespace
}  // namespace convstudio
