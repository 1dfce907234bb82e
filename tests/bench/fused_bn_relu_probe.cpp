// Probe (issue 33, item 3): the engine's fused BatchNorm2d (training) + ReLU kernels
// (engine/src/nn/fused_batch_norm_relu_avx2.cpp) against ATen's batch_norm + relu, forward and
// backward, fp32 or bf16 data. Prints the largest differences from autograd's and REPS paired
// timings with their median ratio (timings here swing by ±30%). Calls the kernels directly: run it
// on a CPU with AVX2 and FMA.
//
//   fused_bn_relu_probe [N C SIDE REPS [cl] [bf16]]   (default 128 24 32 20: resnet-small's
//   first stage; cl: channels-last data, as the recipes train; bf16: bf16 data with fp32
//   parameters, as autocast runs a BatchNorm after a convolution)

#include <torch/torch.h>

#include <chrono>
#include <cstdio>

#include "nn/fused_batch_norm_relu_kernels.h"

using convstudio::fused_kernels::bn_relu_backward;
using convstudio::fused_kernels::bn_relu_forward;
using convstudio::fused_kernels::BnReluForward;

double now_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int main(int argc, char** argv) {
  torch::manual_seed(0);
  const int64_t n = argc > 1 ? std::atoll(argv[1]) : 128;
  const int64_t c = argc > 2 ? std::atoll(argv[2]) : 24;
  const int64_t s = argc > 3 ? std::atoll(argv[3]) : 32;
  const int reps = argc > 4 ? std::atoi(argv[4]) : 20;
  const bool cl = argc > 5 && std::string(argv[5]) == "cl";
  const bool bf16 = argc > 6 && std::string(argv[6]) == "bf16";
  const auto type = bf16 ? torch::kBFloat16 : torch::kFloat;
  const auto layout = cl ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
  const auto forward = bn_relu_forward;  // NCHW or channels-last, as x is laid out
  const auto backward = bn_relu_backward;
  at::Tensor x = (torch::randn({n, c, s, s}) * 3 + 1).to(type).contiguous(layout);
  at::Tensor w = torch::rand({c}) + 0.5, b = torch::randn({c}) * 0.1;
  at::Tensor gy = torch::randn({n, c, s, s}).to(type).contiguous(layout);
  // Reference: autograd through batch_norm + relu.
  at::Tensor xr = x.clone().requires_grad_(), wr = w.clone().requires_grad_(),
             br = b.clone().requires_grad_();
  at::Tensor rm0 = torch::zeros({c}), rv0 = torch::ones({c});
  at::Tensor yr = torch::relu(torch::batch_norm(xr, wr, br, rm0, rv0, true, 0.1, 1e-5, false));
  yr.backward(gy);
  at::Tensor rm1 = torch::zeros({c}), rv1 = torch::ones({c});
  BnReluForward f = forward(x, at::Tensor(), w, b, rm1, rv1, 0.1, 1e-5);
  auto [gx, gr, gw, gb] = backward(gy, x, at::Tensor(), w, b, f.mean, f.invstd);
  std::printf("max |dy| %.3g |dx| %.3g |dw| %.3g |db| %.3g |drm| %.3g |drv| %.3g\n",
              (f.y - yr).abs().max().item<double>(), (gx - xr.grad()).abs().max().item<double>(),
              (gw - wr.grad()).abs().max().item<double>(),
              (gb - br.grad()).abs().max().item<double>(), (rm1 - rm0).abs().max().item<double>(),
              (rv1 - rv0).abs().max().item<double>());
  std::vector<double> ratios;
  for (int r = 0; r < reps; ++r) {
    double t0 = now_ms();
    {
      at::Tensor xa = x.detach().requires_grad_();
      at::Tensor y = torch::relu(torch::batch_norm(xa, wr, br, rm0, rv0, true, 0.1, 1e-5, false));
      y.backward(gy);
    }
    double t1 = now_ms();
    {
      BnReluForward ff = forward(x, at::Tensor(), w, b, rm1, rv1, 0.1, 1e-5);
      auto g = backward(gy, x, at::Tensor(), w, b, ff.mean, ff.invstd);
    }
    double t2 = now_ms();
    ratios.push_back((t1 - t0) / (t2 - t1));
    std::printf("aten %.2f ms fused %.2f ms ratio %.2f\n", t1 - t0, t2 - t1, (t1 - t0) / (t2 - t1));
  }
  std::sort(ratios.begin(), ratios.end());
  std::printf("median aten/fused %.2f (%.2f..%.2f) for %lldx%lldx%lldx%lld %s %s, %d threads\n",
              ratios[ratios.size() / 2], ratios.front(), ratios.back(), (long long)n, (long long)c,
              (long long)s, (long long)s, cl ? "channels-last" : "NCHW", bf16 ? "bf16" : "fp32",
              at::get_num_threads());
}
