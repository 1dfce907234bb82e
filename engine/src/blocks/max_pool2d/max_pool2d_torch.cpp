// MaxPool2d: torch.max_pool2d (through oneDNN on the CPU where that gives the same result),
// F.max_pool2d and ONNX MaxPool.

#include <ATen/Context.h>

#include <cmath>

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"
#include "blocks/shared/pool_window.h"

namespace convstudio::blocks::max_pool2d {
namespace {

// LibTorch's own CPU kernel for NCHW max pooling with indices (what autograd needs) is scalar:
// on lenet5 it took about 1.1 ms of a 6 ms training step (forward + backward, batch 128, 2
// threads) where LibTorch's oneDNN pooling takes 0.4 ms, conversions included. oneDNN gives
// bitwise the same outputs and gradients when windows do not overlap (stride >= kernel; with
// overlap, tied maxima may send the gradient elsewhere) and the input holds no NaN (oneDNN
// skips a NaN, LibTorch returns it): those cases keep LibTorch's kernel. Channels-last input
// keeps it too: LibTorch's channels-last kernel is vectorised and keeps the layout.
// LibTorch's mkldnn_max_pool2d refuses bf16 ("bf16 path needs the cpu support avx512bw, avx512vl
// and avx512dq") on CPUs without those, such as AMD EPYCs before Zen 4: there bf16 keeps
// LibTorch's kernel.
bool cpu_runs_onednn_bf16_pooling() {
  static const bool supported = __builtin_cpu_supports("avx512bw") &&
                                __builtin_cpu_supports("avx512vl") &&
                                __builtin_cpu_supports("avx512dq");
  return supported;
}

bool onednn_gives_same_result(const torch::Tensor& input, const PoolWindow& window) {
  if (!windows_do_not_overlap(window) || !at::hasMKLDNN() ||
      !at::globalContext().userEnabledMkldnn()) {
    return false;
  }
  if (!input.device().is_cpu() || input.dim() != 4 || input.numel() == 0 ||
      !input.is_contiguous() ||
      (input.scalar_type() != torch::kFloat && input.scalar_type() != torch::kBFloat16)) {
    return false;
  }
  if (input.scalar_type() == torch::kBFloat16 && !cpu_runs_onednn_bf16_pooling()) return false;
  torch::NoGradGuard no_grad;
  // max() propagates NaN: one vectorised pass, far cheaper than the pooling it replaces.
  return !std::isnan(input.max().item<float>());
}

torch::Tensor max_pool(const torch::Tensor& input, const PoolWindow& window) {
  const auto kernel = square(window.kernel);
  const auto stride = square(window.stride);
  const auto padding = square(window.padding);
  const std::vector<std::int64_t> dilation{1, 1};
  if (onednn_gives_same_result(input, window)) {
    return torch::mkldnn_max_pool2d(input.to_mkldnn(), kernel, stride, padding, dilation,
                                    window.ceil_mode)
        .to_dense();
  }
  return torch::max_pool2d(input, kernel, stride, padding, dilation, window.ceil_mode);
}

TorchLayer build(const Block& block, const BlockAnalysis&) {
  const PoolWindow window = pool_window(block);
  return function_layer(
      [window](const std::vector<torch::Tensor>& in, bool) { return max_pool(in[0], window); });
}

std::string torchscript(const Block& block, const std::vector<std::string>& in) {
  const PoolWindow window = pool_window(block);
  return "torch.max_pool2d(" + in[0] + ", " + python_ints(square(window.kernel)) + ", " +
         python_ints(square(window.stride)) + ", " + python_ints(square(window.padding)) +
         ", [1, 1], " + python_bool(window.ceil_mode) + ")";
}

std::string python(const Block& block, const std::vector<std::string>& in) {
  const PoolWindow window = pool_window(block);
  return "F.max_pool2d(" + in[0] + ", " + std::to_string(window.kernel) + ", " +
         std::to_string(window.stride) + ", " + std::to_string(window.padding) +
         ", ceil_mode=" + python_bool(window.ceil_mode) + ")";
}

std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const PoolWindow window = pool_window(b.block);
  sink.add_node(OnnxNode("MaxPool", b.block.id, b.inputs, b.output)
                    .ints("kernel_shape", square(window.kernel))
                    .ints("strides", square(window.stride))
                    .ints("pads", std::vector<std::int64_t>(4, window.padding))
                    .integer("ceil_mode", window.ceil_mode ? 1 : 0)
                    .ints("dilations", {1, 1})
                    .integer("storage_order", 0));
  return b.output;
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build = build,
      .torchscript = torchscript,
      .python = python,
      .onnx = onnx,
      .onnx_target = [](const Block& block, const BlockAnalysis&) -> ExportTarget {
        return {pool_window(block).ceil_mode ? "MaxPool (kernel_shape, strides, pads, ceil_mode 1)"
                                             : "MaxPool (kernel_shape, strides, pads, ceil_mode 0)",
                {}};
      },
      .torchscript_target = "torch.max_pool2d",
      .python_target = "F.max_pool2d",
  };
}

}  // namespace convstudio::blocks::max_pool2d
