// Probe (issue 33, item 3): BatchNorm2d in training mode followed by ReLU, fused by hand, against
// ATen's batch_norm + relu, forward and backward, fp32 NCHW. Prints the largest differences from
// autograd's and REPS paired timings with their median ratio (timings here swing by ±30%).
//
//   fused_bn_relu_probe [N C SIDE REPS]   (default 128 24 32 20: resnet-small's first stage)
//
// Written by hand because no library in ConvStudio's stack offers it: oneDNN fuses batch norm
// with ReLU (normalization_flags::fuse_norm_relu), but LibTorch links its copy privately (no
// dnnl_* symbol is exported by libtorch_cpu.so) and ATen's batch_norm has no fused activation;
// torch.compile's inductor generates such a kernel, which is the peer this must match. Passes
// over memory: forward 3 (one of statistics, shifted by the channel's first value so a mean far
// from zero cannot cancel the variance away; one read and one write of y) against ATen's 6;
// backward 5 (the ReLU's mask recomputed from x, so y is not read) against 8. Built with AVX2
// (at::vec); an integration would dispatch on the CPU at run time as ATen does.
#include <torch/torch.h>
#include <ATen/Parallel.h>
#include <ATen/cpu/vec/vec.h>
#include <chrono>
#include <cstdio>

using Vec = at::vec::Vectorized<float>;

struct FusedForward {
  at::Tensor y, mean, invstd;
};

// One pass of statistics (shifted by the channel's first value, so a mean far from zero does not
// cancel the variance away), one pass of y = max(0, x * scale + shift).
FusedForward bn_relu_forward(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias,
                             at::Tensor& running_mean, at::Tensor& running_var, double momentum,
                             double eps) {
  const int64_t n = x.size(0), c = x.size(1), hw = x.size(2) * x.size(3);
  const int64_t m = n * hw;
  at::Tensor y = at::empty_like(x);
  at::Tensor mean = at::empty({c}, x.options()), invstd = at::empty({c}, x.options());
  const float* X = x.const_data_ptr<float>();
  float* Y = y.data_ptr<float>();
  const float* W = weight.const_data_ptr<float>();
  const float* B = bias.const_data_ptr<float>();
  float* RM = running_mean.data_ptr<float>();
  float* RV = running_var.data_ptr<float>();
  float* MEAN = mean.data_ptr<float>();
  float* INV = invstd.data_ptr<float>();
  at::parallel_for(0, c, 1, [&](int64_t c0, int64_t c1) {
    for (int64_t ch = c0; ch < c1; ++ch) {
      const float s = X[ch * hw];
      const Vec vs(s);
      double sum = 0, sq = 0;
      for (int64_t i = 0; i < n; ++i) {
        const float* row = X + (i * c + ch) * hw;
        Vec a(0), b(0);
        int64_t j = 0;
        for (; j + Vec::size() <= hw; j += Vec::size()) {
          const Vec d = Vec::loadu(row + j) - vs;
          a = a + d;
          b = at::vec::fmadd(d, d, b);
        }
        float ra = at::vec::vec_reduce_all<float>([](Vec p, Vec q) { return p + q; }, a);
        float rb = at::vec::vec_reduce_all<float>([](Vec p, Vec q) { return p + q; }, b);
        for (; j < hw; ++j) {
          const float d = row[j] - s;
          ra += d;
          rb += d * d;
        }
        sum += ra;
        sq += rb;
      }
      const double shifted_mean = sum / m;
      const double var = std::max(0.0, sq / m - shifted_mean * shifted_mean);
      const double mu = shifted_mean + s;
      const double inv = 1.0 / std::sqrt(var + eps);
      MEAN[ch] = static_cast<float>(mu);
      INV[ch] = static_cast<float>(inv);
      RM[ch] = static_cast<float>((1 - momentum) * RM[ch] + momentum * mu);
      RV[ch] = static_cast<float>((1 - momentum) * RV[ch] + momentum * var * m / (m - 1));
      const float scale = static_cast<float>(W[ch] * inv);
      const float shift = static_cast<float>(B[ch] - mu * W[ch] * inv);
      const Vec vscale(scale), vshift(shift), zero(0);
      for (int64_t i = 0; i < n; ++i) {
        const float* row = X + (i * c + ch) * hw;
        float* out = Y + (i * c + ch) * hw;
        int64_t j = 0;
        for (; j + Vec::size() <= hw; j += Vec::size()) {
          at::vec::maximum(at::vec::fmadd(Vec::loadu(row + j), vscale, vshift), zero).store(out + j);
        }
        for (; j < hw; ++j) out[j] = std::max(0.0f, row[j] * scale + shift);
      }
    }
  });
  return {y, mean, invstd};
}

// The ReLU's mask from x itself (x * scale + shift > 0), so y need not be read: one pass of
// sums, one of gradients.
std::tuple<at::Tensor, at::Tensor, at::Tensor> bn_relu_backward(
    const at::Tensor& gy, const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias,
    const at::Tensor& mean, const at::Tensor& invstd) {
  const int64_t n = x.size(0), c = x.size(1), hw = x.size(2) * x.size(3);
  const int64_t m = n * hw;
  at::Tensor gx = at::empty_like(x);
  at::Tensor gw = at::empty({c}, x.options()), gb = at::empty({c}, x.options());
  const float* X = x.const_data_ptr<float>();
  const float* G = gy.const_data_ptr<float>();
  float* GX = gx.data_ptr<float>();
  const float* W = weight.const_data_ptr<float>();
  const float* B = bias.const_data_ptr<float>();
  const float* MEAN = mean.const_data_ptr<float>();
  const float* INV = invstd.const_data_ptr<float>();
  float* GW = gw.data_ptr<float>();
  float* GB = gb.data_ptr<float>();
  at::parallel_for(0, c, 1, [&](int64_t c0, int64_t c1) {
    for (int64_t ch = c0; ch < c1; ++ch) {
      const float inv = INV[ch], mu = MEAN[ch];
      const float scale = W[ch] * inv, shift = B[ch] - mu * W[ch] * inv;
      const Vec vscale(scale), vshift(shift), zero(0), vmu(mu);
      double sum_dz = 0, sum_dz_xc = 0;
      for (int64_t i = 0; i < n; ++i) {
        const float* row = X + (i * c + ch) * hw;
        const float* grow = G + (i * c + ch) * hw;
        Vec a(0), b(0);
        int64_t j = 0;
        for (; j + Vec::size() <= hw; j += Vec::size()) {
          const Vec xv = Vec::loadu(row + j);
          const Vec mask = at::vec::fmadd(xv, vscale, vshift) > zero;
          const Vec dz = Vec::loadu(grow + j) & mask;
          a = a + dz;
          b = at::vec::fmadd(dz, xv - vmu, b);
        }
        float ra = at::vec::vec_reduce_all<float>([](Vec p, Vec q) { return p + q; }, a);
        float rb = at::vec::vec_reduce_all<float>([](Vec p, Vec q) { return p + q; }, b);
        for (; j < hw; ++j) {
          const float dz = row[j] * scale + shift > 0 ? grow[j] : 0.0f;
          ra += dz;
          rb += dz * (row[j] - mu);
        }
        sum_dz += ra;
        sum_dz_xc += rb;
      }
      GB[ch] = static_cast<float>(sum_dz);
      GW[ch] = static_cast<float>(sum_dz_xc * inv);
      // gx = a·dz − a·Σdz/M − a·inv²·(x − μ)·Σ(dz·(x − μ))/M, a = w·inv
      const float a = W[ch] * inv;
      const float k_x = static_cast<float>(-a * inv * inv * sum_dz_xc / m);
      const float k_0 = static_cast<float>(-a * sum_dz / m - k_x * mu);
      const Vec va(a), vkx(k_x), vk0(k_0);
      for (int64_t i = 0; i < n; ++i) {
        const float* row = X + (i * c + ch) * hw;
        const float* grow = G + (i * c + ch) * hw;
        float* out = GX + (i * c + ch) * hw;
        int64_t j = 0;
        for (; j + Vec::size() <= hw; j += Vec::size()) {
          const Vec xv = Vec::loadu(row + j);
          const Vec mask = at::vec::fmadd(xv, vscale, vshift) > zero;
          const Vec dz = Vec::loadu(grow + j) & mask;
          at::vec::fmadd(dz, va, at::vec::fmadd(xv, vkx, vk0)).store(out + j);
        }
        for (; j < hw; ++j) {
          const float dz = row[j] * scale + shift > 0 ? grow[j] : 0.0f;
          out[j] = dz * a + row[j] * k_x + k_0;
        }
      }
    }
  });
  return {gx, gw, gb};
}

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
  at::Tensor x = torch::randn({n, c, s, s}) * 3 + 1;
  at::Tensor w = torch::rand({c}) + 0.5, b = torch::randn({c}) * 0.1;
  at::Tensor gy = torch::randn({n, c, s, s});
  // Reference: autograd through batch_norm + relu.
  at::Tensor xr = x.clone().requires_grad_(), wr = w.clone().requires_grad_(),
             br = b.clone().requires_grad_();
  at::Tensor rm0 = torch::zeros({c}), rv0 = torch::ones({c});
  at::Tensor yr = torch::relu(torch::batch_norm(xr, wr, br, rm0, rv0, true, 0.1, 1e-5, false));
  yr.backward(gy);
  at::Tensor rm1 = torch::zeros({c}), rv1 = torch::ones({c});
  FusedForward f = bn_relu_forward(x, w, b, rm1, rv1, 0.1, 1e-5);
  auto [gx, gw, gb] = bn_relu_backward(gy, x, w, b, f.mean, f.invstd);
  std::printf("max |dy| %.3g |dx| %.3g |dw| %.3g |db| %.3g |drm| %.3g |drv| %.3g\n",
              (f.y - yr).abs().max().item<double>(), (gx - xr.grad()).abs().max().item<double>(),
              (gw - wr.grad()).abs().max().item<double>(), (gb - br.grad()).abs().max().item<double>(),
              (rm1 - rm0).abs().max().item<double>(), (rv1 - rv0).abs().max().item<double>());
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
      FusedForward ff = bn_relu_forward(x, w, b, rm1, rv1, 0.1, 1e-5);
      auto g = bn_relu_backward(gy, x, w, b, ff.mean, ff.invstd);
    }
    double t2 = now_ms();
    ratios.push_back((t1 - t0) / (t2 - t1));
    std::printf("aten %.2f ms fused %.2f ms ratio %.2f\n", t1 - t0, t2 - t1, (t1 - t0) / (t2 - t1));
  }
  std::sort(ratios.begin(), ratios.end());
  std::printf("median aten/fused %.2f (%.2f..%.2f) for %lldx%lldx%lldx%lld, %d threads\n",
              ratios[ratios.size() / 2], ratios.front(), ratios.back(), (long long)n, (long long)c,
              (long long)s, (long long)s, at::get_num_threads());
}
