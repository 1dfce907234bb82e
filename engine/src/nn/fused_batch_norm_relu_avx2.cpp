// The kernels of BatchNorm2d (training) followed by ReLU, fused by hand: fp32, NCHW or
// channels-last, AVX2 + FMA; callers check the CPU first (fused_batch_norm_relu.cpp). Written by
// hand because no library in ConvStudio's stack offers it: oneDNN fuses batch norm with ReLU
// (normalization_flags::fuse_norm_relu), but LibTorch links its copy privately (no dnnl_* symbol
// is exported by libtorch_cpu.so) and ATen's batch_norm has no fused activation; torch.compile's
// inductor generates such a kernel, the peer this must match (issue 33).
//
// Passes over memory: forward 2 (one of statistics, shifted by the channel's first value so a
// mean far from zero cannot cancel the variance away; one read of x and write of y) against
// ATen's 6 for batch_norm + relu; backward 2 (the ReLU's mask recomputed from x, so y is neither
// kept nor read) against 8.
#include "fused_batch_norm_relu_kernels.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>
#include <vector>

#include <immintrin.h>

// Only what follows is compiled for AVX2 + FMA, not the whole file: an inline function of a
// header included above (std::vector's, at::Tensor's) compiled here with AVX2 could be the copy
// the linker keeps for the whole program, and fault on a CPU without it. For the same reason the
// vectors are AVX2 intrinsics behind a small type of this file's own, not at::vec's, whose
// headers the default build includes too.
#pragma GCC push_options
#pragma GCC target("avx2,fma")

namespace convstudio::fused_kernels {
namespace {

// Eight floats, with the few operations the kernels use.
struct Vec {
  __m256 v;
  explicit Vec(float s) : v(_mm256_set1_ps(s)) {}
  Vec(__m256 x) : v(x) {}  // NOLINT: the intrinsics' results convert implicitly
  static constexpr std::int64_t size() { return 8; }
  static Vec loadu(const float* p) { return _mm256_loadu_ps(p); }
  void store(float* p) const { _mm256_storeu_ps(p, v); }
};
inline Vec operator+(Vec a, Vec b) {
  return _mm256_add_ps(a.v, b.v);
}
inline Vec operator-(Vec a, Vec b) {
  return _mm256_sub_ps(a.v, b.v);
}
inline Vec operator&(Vec a, Vec b) {
  return _mm256_and_ps(a.v, b.v);
}
inline Vec operator>(Vec a, Vec b) {
  return _mm256_cmp_ps(a.v, b.v, _CMP_GT_OQ);
}  // all-ones
inline Vec fmadd(Vec a, Vec b, Vec c) {
  return _mm256_fmadd_ps(a.v, b.v, c.v);
}
// max(a, b), keeping a NaN of a as torch's relu keeps it (maxps returns its second operand
// when either is NaN).
inline Vec maximum(Vec a, Vec b) {
  return _mm256_max_ps(b.v, a.v);
}
inline float sum_of(Vec a) {
  const __m128 halves = _mm_add_ps(_mm256_castps256_ps128(a.v), _mm256_extractf128_ps(a.v, 1));
  const __m128 pairs = _mm_add_ps(halves, _mm_movehl_ps(halves, halves));
  return _mm_cvtss_f32(_mm_add_ss(pairs, _mm_shuffle_ps(pairs, pairs, 1)));
}

// The gradient the ReLU lets through: gy where x · scale + shift > 0 (the mask recomputed from
// x, as the forward computed it, so y need not be kept or read).
inline Vec relu_gradient(Vec x, Vec gy, Vec scale, Vec shift) {
  return gy & (fmadd(x, scale, shift) > Vec(0));
}

// One pass of statistics (shifted by the channel's first value, so a mean far from zero does not
// cancel the variance away), one pass of y = max(0, x * scale + shift).
BnReluForward bn_relu_forward_nchw(const at::Tensor& x, const at::Tensor& weight,
                                   const at::Tensor& bias, at::Tensor& running_mean,
                                   at::Tensor& running_var, double momentum, double eps) {
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
          b = fmadd(d, d, b);
        }
        float ra = sum_of(a);
        float rb = sum_of(b);
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
          maximum(fmadd(Vec::loadu(row + j), vscale, vshift), zero).store(out + j);
        }
        for (; j < hw; ++j) out[j] = std::max(0.0f, row[j] * scale + shift);
      }
    }
  });
  return {y, mean, invstd};
}

// The ReLU's mask from x itself (x * scale + shift > 0), so y need not be read: one pass of
// sums, one of gradients.
std::tuple<at::Tensor, at::Tensor, at::Tensor> bn_relu_backward_nchw(
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
          const Vec dz = relu_gradient(xv, Vec::loadu(grow + j), vscale, vshift);
          a = a + dz;
          b = fmadd(dz, xv - vmu, b);
        }
        float ra = sum_of(a);
        float rb = sum_of(b);
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
          const Vec dz = relu_gradient(xv, Vec::loadu(grow + j), vscale, vshift);
          fmadd(dz, va, fmadd(xv, vkx, vk0)).store(out + j);
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

// Channels-last (NHWC) data: rows of C values. Statistics and gradient sums per channel are
// accumulated over row ranges, one range per thread (vectorised across the channels, flushed
// into doubles every kFlushRows rows), then summed; the elementwise passes run per row.
constexpr int64_t kFlushRows = 256;

// Per thread t and channel c: sums of f(row, c) for the rows of t's range, f given two vector
// accumulators (a, b) per channel block; returns {Σa, Σb} per channel over all rows.
template <typename Accumulate>
std::pair<std::vector<double>, std::vector<double>> channel_sums(int64_t rows, int64_t c,
                                                                 const Accumulate& accumulate) {
  const int threads = at::get_num_threads();
  std::vector<double> a_all(static_cast<size_t>(threads * c), 0.0),
      b_all(static_cast<size_t>(threads * c), 0.0);
  at::parallel_for(0, threads, 1, [&](int64_t t0, int64_t t1) {
    std::vector<float> a(static_cast<size_t>(c)), b(static_cast<size_t>(c));
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t begin = rows * t / threads, end = rows * (t + 1) / threads;
      double* da = a_all.data() + t * c;
      double* db = b_all.data() + t * c;
      for (int64_t r0 = begin; r0 < end; r0 += kFlushRows) {
        std::fill(a.begin(), a.end(), 0.0f);
        std::fill(b.begin(), b.end(), 0.0f);
        for (int64_t r = r0; r < std::min(end, r0 + kFlushRows); ++r)
          accumulate(r, a.data(), b.data());
        for (int64_t ch = 0; ch < c; ++ch) {
          da[ch] += a[static_cast<size_t>(ch)];
          db[ch] += b[static_cast<size_t>(ch)];
        }
      }
    }
  });
  std::vector<double> sa(static_cast<size_t>(c), 0.0), sb(static_cast<size_t>(c), 0.0);
  for (int t = 0; t < threads; ++t) {
    for (int64_t ch = 0; ch < c; ++ch) {
      sa[static_cast<size_t>(ch)] += a_all[static_cast<size_t>(t * c + ch)];
      sb[static_cast<size_t>(ch)] += b_all[static_cast<size_t>(t * c + ch)];
    }
  }
  return {sa, sb};
}

BnReluForward bn_relu_forward_cl(const at::Tensor& x, const at::Tensor& weight,
                                 const at::Tensor& bias, at::Tensor& running_mean,
                                 at::Tensor& running_var, double momentum, double eps) {
  const int64_t c = x.size(1), rows = x.numel() / c;
  at::Tensor y = at::empty_like(x);  // keeps the channels-last strides
  at::Tensor mean = at::empty({c}, x.options().memory_format(at::MemoryFormat::Contiguous)),
             invstd = at::empty({c}, mean.options());
  const float* X = x.const_data_ptr<float>();
  float* Y = y.data_ptr<float>();
  std::vector<float> shift0(X, X + c);  // the first row: the shift that keeps the variance exact
  auto [sum, sq] = channel_sums(rows, c, [&](int64_t r, float* a, float* b) {
    const float* row = X + r * c;
    int64_t j = 0;
    for (; j + Vec::size() <= c; j += Vec::size()) {
      const Vec d = Vec::loadu(row + j) - Vec::loadu(shift0.data() + j);
      (Vec::loadu(a + j) + d).store(a + j);
      fmadd(d, d, Vec::loadu(b + j)).store(b + j);
    }
    for (; j < c; ++j) {
      const float d = row[j] - shift0[static_cast<size_t>(j)];
      a[j] += d;
      b[j] += d * d;
    }
  });
  std::vector<float> scale(static_cast<size_t>(c)), shift(static_cast<size_t>(c));
  const float* W = weight.const_data_ptr<float>();
  const float* B = bias.const_data_ptr<float>();
  float* RM = running_mean.data_ptr<float>();
  float* RV = running_var.data_ptr<float>();
  for (int64_t ch = 0; ch < c; ++ch) {
    const size_t k = static_cast<size_t>(ch);
    const double shifted = sum[k] / rows;
    const double var = std::max(0.0, sq[k] / rows - shifted * shifted);
    const double mu = shifted + shift0[k];
    const double inv = 1.0 / std::sqrt(var + eps);
    mean.data_ptr<float>()[ch] = static_cast<float>(mu);
    invstd.data_ptr<float>()[ch] = static_cast<float>(inv);
    RM[ch] = static_cast<float>((1 - momentum) * RM[ch] + momentum * mu);
    RV[ch] = static_cast<float>((1 - momentum) * RV[ch] + momentum * var * rows / (rows - 1));
    scale[k] = static_cast<float>(W[ch] * inv);
    shift[k] = static_cast<float>(B[ch] - mu * W[ch] * inv);
  }
  at::parallel_for(0, rows, 64, [&](int64_t r0, int64_t r1) {
    const Vec zero(0);
    for (int64_t r = r0; r < r1; ++r) {
      const float* row = X + r * c;
      float* out = Y + r * c;
      int64_t j = 0;
      for (; j + Vec::size() <= c; j += Vec::size()) {
        maximum(
            fmadd(Vec::loadu(row + j), Vec::loadu(scale.data() + j), Vec::loadu(shift.data() + j)),
            zero)
            .store(out + j);
      }
      for (; j < c; ++j)
        out[j] =
            std::max(0.0f, row[j] * scale[static_cast<size_t>(j)] + shift[static_cast<size_t>(j)]);
    }
  });
  return {y, mean, invstd};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> bn_relu_backward_cl(
    const at::Tensor& gy_in, const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias,
    const at::Tensor& mean, const at::Tensor& invstd) {
  const int64_t c = x.size(1), rows = x.numel() / c;
  const at::Tensor gy = gy_in.contiguous(at::MemoryFormat::ChannelsLast);
  at::Tensor gx = at::empty_like(x);
  const float* X = x.const_data_ptr<float>();
  const float* G = gy.const_data_ptr<float>();
  float* GX = gx.data_ptr<float>();
  std::vector<float> scale(static_cast<size_t>(c)), shift(static_cast<size_t>(c)),
      mu(static_cast<size_t>(c));
  for (int64_t ch = 0; ch < c; ++ch) {
    const size_t k = static_cast<size_t>(ch);
    const float inv = invstd.const_data_ptr<float>()[ch], m = mean.const_data_ptr<float>()[ch];
    const float w = weight.const_data_ptr<float>()[ch], b = bias.const_data_ptr<float>()[ch];
    scale[k] = w * inv;
    shift[k] = b - m * w * inv;
    mu[k] = m;
  }
  auto [sum_dz, sum_dz_xc] = channel_sums(rows, c, [&](int64_t r, float* a, float* b) {
    const float* row = X + r * c;
    const float* grow = G + r * c;
    const Vec zero(0);
    int64_t j = 0;
    for (; j + Vec::size() <= c; j += Vec::size()) {
      const Vec xv = Vec::loadu(row + j);
      const Vec dz = relu_gradient(xv, Vec::loadu(grow + j), Vec::loadu(scale.data() + j),
                                   Vec::loadu(shift.data() + j));
      (Vec::loadu(a + j) + dz).store(a + j);
      fmadd(dz, xv - Vec::loadu(mu.data() + j), Vec::loadu(b + j)).store(b + j);
    }
    for (; j < c; ++j) {
      const size_t k = static_cast<size_t>(j);
      const float dz = row[j] * scale[k] + shift[k] > 0 ? grow[j] : 0.0f;
      a[j] += dz;
      b[j] += dz * (row[j] - mu[k]);
    }
  });
  at::Tensor gw = at::empty({c}, invstd.options()), gb = at::empty({c}, invstd.options());
  std::vector<float> ka(static_cast<size_t>(c)), kx(static_cast<size_t>(c)),
      k0(static_cast<size_t>(c));
  for (int64_t ch = 0; ch < c; ++ch) {
    const size_t k = static_cast<size_t>(ch);
    const double inv = invstd.const_data_ptr<float>()[ch];
    gb.data_ptr<float>()[ch] = static_cast<float>(sum_dz[k]);
    gw.data_ptr<float>()[ch] = static_cast<float>(sum_dz_xc[k] * inv);
    const double a = weight.const_data_ptr<float>()[ch] * inv;
    ka[k] = static_cast<float>(a);
    kx[k] = static_cast<float>(-a * inv * inv * sum_dz_xc[k] / rows);
    k0[k] = static_cast<float>(-a * sum_dz[k] / rows - kx[k] * mu[k]);
  }
  at::parallel_for(0, rows, 64, [&](int64_t r0, int64_t r1) {
    const Vec zero(0);
    for (int64_t r = r0; r < r1; ++r) {
      const float* row = X + r * c;
      const float* grow = G + r * c;
      float* out = GX + r * c;
      int64_t j = 0;
      for (; j + Vec::size() <= c; j += Vec::size()) {
        const Vec xv = Vec::loadu(row + j);
        const Vec dz = relu_gradient(xv, Vec::loadu(grow + j), Vec::loadu(scale.data() + j),
                                     Vec::loadu(shift.data() + j));
        fmadd(dz, Vec::loadu(ka.data() + j),
              fmadd(xv, Vec::loadu(kx.data() + j), Vec::loadu(k0.data() + j)))
            .store(out + j);
      }
      for (; j < c; ++j) {
        const size_t k = static_cast<size_t>(j);
        const float dz = row[j] * scale[k] + shift[k] > 0 ? grow[j] : 0.0f;
        out[j] = dz * ka[k] + row[j] * kx[k] + k0[k];
      }
    }
  });
  return {gx, gw, gb};
}

}  // namespace

BnReluForward bn_relu_forward(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias,
                              at::Tensor& running_mean, at::Tensor& running_var, double momentum,
                              double eps) {
  return is_channels_last(x)
             ? bn_relu_forward_cl(x, weight, bias, running_mean, running_var, momentum, eps)
             : bn_relu_forward_nchw(x, weight, bias, running_mean, running_var, momentum, eps);
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> bn_relu_backward(
    const at::Tensor& gy, const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias,
    const at::Tensor& mean, const at::Tensor& invstd) {
  return is_channels_last(x)
             ? bn_relu_backward_cl(gy, x, weight, bias, mean, invstd)
             : bn_relu_backward_nchw(gy.contiguous(), x, weight, bias, mean, invstd);
}

}  // namespace convstudio::fused_kernels

#pragma GCC pop_options
