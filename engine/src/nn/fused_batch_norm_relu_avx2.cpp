// The kernels of BatchNorm2d (training) followed by ReLU, or by a residual Add and ReLU, fused by
// hand: fp32 or bf16 data (fp32 parameters and statistics, as autocast leaves them; bf16
// computed in fp32 and rounded as ATen rounds), NCHW or channels-last, AVX2 + FMA; callers check
// the CPU first (fused_batch_norm_relu.cpp). Written by hand because no library in ConvStudio's
// stack offers it: oneDNN fuses batch norm with ReLU (normalization_flags::fuse_norm_relu), but
// LibTorch links its copy privately (no dnnl_* symbol is exported by libtorch_cpu.so) and ATen's
// batch_norm has no fused activation; torch.compile's inductor generates such kernels, the peer
// this must match (issue 33).
//
// Whole-tensor reads and writes, BatchNorm + ReLU: forward 3 (x read for the statistics, shifted
// by the channel's first value so a mean far from zero cannot cancel the variance away; x read
// and y written) against ATen's 6; backward 5 (the ReLU's mask recomputed from x, so y is neither
// kept nor read) against 8. With the Add: forward 4 against 9; backward 7 (the mask from the kept
// y, which the ReLU keeps unfused too; the residual's gradient written by the first pass and read
// back by the second) against 8.
#include "fused_batch_norm_relu_kernels.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <type_traits>
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

#include "fused_kernels_vec.h"

namespace convstudio::fused_kernels {
namespace {

// A channel's statistics from its sums shifted by s (its first value, so a mean far from zero
// does not cancel the variance away): its mean and 1 / std, the running statistics updated as
// torch updates them (unbiased variance, `momentum` weighing the batch), and the scale and shift
// that normalise it: x · scale + shift.
struct ChannelNorm {
  float mean, invstd, scale, shift;
};
ChannelNorm finish_statistics(double sum, double sq, float s, int64_t m, float w, float b,
                              float& running_mean, float& running_var, double momentum,
                              double eps) {
  const double shifted = sum / m;
  const double var = std::max(0.0, sq / m - shifted * shifted);
  const double mu = shifted + s;
  const double inv = 1.0 / std::sqrt(var + eps);
  running_mean = static_cast<float>((1 - momentum) * running_mean + momentum * mu);
  running_var = static_cast<float>((1 - momentum) * running_var + momentum * var * m / (m - 1));
  return {static_cast<float>(mu), static_cast<float>(inv), static_cast<float>(w * inv),
          static_cast<float>(b - mu * w * inv)};
}

// Σ(x − s) and Σ(x − s)² over `count` values.
template <typename T>
std::pair<float, float> shifted_sums(const T* x, int64_t count, float s) {
  const Vec vs(s);
  Vec a(0), b(0);
  int64_t j = 0;
  for (; j + Vec::size() <= count; j += Vec::size()) {
    const Vec d = load(x + j) - vs;
    a = a + d;
    b = fmadd(d, d, b);
  }
  float ra = sum_of(a), rb = sum_of(b);
  for (; j < count; ++j) {
    const float d = to_float(x[j]) - s;
    ra += d;
    rb += d * d;
  }
  return {ra, rb};
}

// y = max(0, x · scale + shift [+ r]) over `count` values of one NCHW channel.
template <bool kAdd, typename T>
void normalise_plane(const T* x, const T* r, T* y, int64_t count, float scale, float shift) {
  const Vec vscale(scale), vshift(shift), zero(0);
  int64_t j = 0;
  for (; j + Vec::size() <= count; j += Vec::size()) {
    Vec z = fmadd(load(x + j), vscale, vshift);
    if constexpr (kAdd) z = z + load(r + j);
    store(maximum(z, zero), y + j);
  }
  for (; j < count; ++j) {
    float z = to_float(x[j]) * scale + shift;
    if constexpr (kAdd) z += to_float(r[j]);
    put(std::max(0.0f, z), y + j);
  }
}

// NCHW: one pass of statistics per channel, one of y = max(0, x · scale + shift [+ r]).
template <typename T, bool kAdd>
BnReluForward bn_relu_forward_nchw(const at::Tensor& x, const at::Tensor& residual,
                                   const at::Tensor& weight, const at::Tensor& bias,
                                   at::Tensor& running_mean, at::Tensor& running_var,
                                   double momentum, double eps) {
  const int64_t n = x.size(0), c = x.size(1), hw = x.size(2) * x.size(3);
  at::Tensor y = at::empty_like(x);
  const at::TensorOptions stats = x.options().dtype(at::kFloat);  // fp32 for bf16 data too
  at::Tensor mean = at::empty({c}, stats), invstd = at::empty({c}, stats);
  const T* X = data_of<T>(x);
  const T* R = kAdd ? data_of<T>(residual) : nullptr;
  T* Y = mutable_data_of<T>(y);
  const float* W = weight.const_data_ptr<float>();
  const float* B = bias.const_data_ptr<float>();
  float* RM = running_mean.data_ptr<float>();
  float* RV = running_var.data_ptr<float>();
  at::parallel_for(0, c, 1, [&](int64_t c0, int64_t c1) {
    for (int64_t ch = c0; ch < c1; ++ch) {
      const float s = to_float(X[ch * hw]);
      double sum = 0, sq = 0;
      for (int64_t i = 0; i < n; ++i) {
        const auto [a, b] = shifted_sums(X + (i * c + ch) * hw, hw, s);
        sum += a;
        sq += b;
      }
      const ChannelNorm norm =
          finish_statistics(sum, sq, s, n * hw, W[ch], B[ch], RM[ch], RV[ch], momentum, eps);
      mean.data_ptr<float>()[ch] = norm.mean;
      invstd.data_ptr<float>()[ch] = norm.invstd;
      for (int64_t i = 0; i < n; ++i) {
        const int64_t at = (i * c + ch) * hw;
        normalise_plane<kAdd>(X + at, kAdd ? R + at : nullptr, Y + at, hw, norm.scale, norm.shift);
      }
    }
  });
  return {y, mean, invstd};
}

// The gradient the ReLU let through: after a BatchNorm alone, where x · scale + shift > 0 (the
// mask recomputed from x, so y is neither kept nor read); after BatchNorm + Add, where the kept
// output y > 0 (x alone does not tell).
template <bool kAdd, typename T>
Vec passed_gradient(Vec x, const T* gy, const T* y, Vec scale, Vec shift) {
  if constexpr (kAdd) {
    return load(gy) & (load(y) > Vec(0));
  } else {
    return relu_gradient(x, load(gy), scale, shift);
  }
}
template <bool kAdd, typename T>
float passed_gradient(float x, const T* gy, const T* y, float scale, float shift) {
  if constexpr (kAdd) {
    return to_float(*y) > 0 ? to_float(*gy) : 0.0f;
  } else {
    return x * scale + shift > 0 ? to_float(*gy) : 0.0f;
  }
}

// Σdz and Σdz · (x − μ) over `count` values of one NCHW channel, dz the gradient through the
// ReLU; after an Add, dz is the residual's gradient too, written to gr.
template <bool kAdd, typename T>
std::pair<float, float> gradient_sums(const T* x, const T* gy, const T* y, T* gr, int64_t count,
                                      float scale, float shift, float mu) {
  const Vec vscale(scale), vshift(shift), vmu(mu);
  Vec a(0), b(0);
  int64_t j = 0;
  for (; j + Vec::size() <= count; j += Vec::size()) {
    const Vec xv = load(x + j);
    const Vec dz = passed_gradient<kAdd>(xv, gy + j, kAdd ? y + j : nullptr, vscale, vshift);
    if constexpr (kAdd) store(dz, gr + j);
    a = a + dz;
    b = fmadd(dz, xv - vmu, b);
  }
  float ra = sum_of(a), rb = sum_of(b);
  for (; j < count; ++j) {
    const float xs = to_float(x[j]);
    const float dz = passed_gradient<kAdd>(xs, gy + j, kAdd ? y + j : nullptr, scale, shift);
    if constexpr (kAdd) put(dz, gr + j);
    ra += dz;
    rb += dz * (xs - mu);
  }
  return {ra, rb};
}

// The input's gradient, gx = dz · a + x · kx + k0, over `count` values of one NCHW channel; dz
// as gradient_sums found it (read back from gr after an Add).
template <bool kAdd, typename T>
void input_gradient(const T* x, const T* gy, const T* gr, T* gx, int64_t count, float scale,
                    float shift, float a, float kx, float k0) {
  const Vec vscale(scale), vshift(shift), va(a), vkx(kx), vk0(k0);
  int64_t j = 0;
  for (; j + Vec::size() <= count; j += Vec::size()) {
    const Vec xv = load(x + j);
    const Vec dz = kAdd ? load(gr + j) : relu_gradient(xv, load(gy + j), vscale, vshift);
    store(fmadd(dz, va, fmadd(xv, vkx, vk0)), gx + j);
  }
  for (; j < count; ++j) {
    const float xs = to_float(x[j]);
    const float dz =
        kAdd ? to_float(gr[j]) : passed_gradient<false, T>(xs, gy + j, nullptr, scale, shift);
    put(dz * a + xs * kx + k0, gx + j);
  }
}

// The coefficients of a channel's input gradient from its sums:
// gx = a·dz − a·Σdz/M − a·inv²·(x − μ)·Σ(dz·(x − μ))/M, a = w·inv, so gx = a·dz + kx·x + k0.
struct InputGradient {
  float a, kx, k0;
};
InputGradient input_gradient_of(double sum_dz, double sum_dz_xc, double inv, double w, double mu,
                                int64_t m) {
  const double a = w * inv;
  const double kx = -a * inv * inv * sum_dz_xc / m;
  return {static_cast<float>(a), static_cast<float>(kx),
          static_cast<float>(-a * sum_dz / m - kx * mu)};
}

// The backward pass's gradients, allocated, and the data both layouts' kernels read (x, gy and,
// after an Add, the kept y) and write (gx, gw, gb and, after an Add, the residual's gradient gr).
template <typename T, bool kAdd>
struct BackwardData {
  BnReluGradients g;
  const T* x;
  const T* gy;
  const T* y;  // after an Add only
  T* gx;
  T* gr;  // after an Add only
  float* gw;
  float* gb;
  BackwardData(const at::Tensor& gy_t, const at::Tensor& x_t, const at::Tensor& y_t,
               const at::Tensor& invstd)
      : g{at::empty_like(x_t), kAdd ? at::empty_like(x_t) : at::Tensor(),
          at::empty({x_t.size(1)}, invstd.options()), at::empty({x_t.size(1)}, invstd.options())},
        x(data_of<T>(x_t)),
        gy(data_of<T>(gy_t)),
        y(kAdd ? data_of<T>(y_t) : nullptr),
        gx(mutable_data_of<T>(g.x)),
        gr(kAdd ? mutable_data_of<T>(g.residual) : nullptr),
        gw(g.weight.data_ptr<float>()),
        gb(g.bias.data_ptr<float>()) {}
};

// Gradients of x (and of the residual after an Add), weight and bias: per channel, one pass of
// sums and one of the input's gradient.
template <typename T, bool kAdd>
BnReluGradients bn_relu_backward_nchw(const at::Tensor& gy, const at::Tensor& x,
                                      const at::Tensor& y, const at::Tensor& weight,
                                      const at::Tensor& bias, const at::Tensor& mean,
                                      const at::Tensor& invstd) {
  const int64_t n = x.size(0), c = x.size(1), hw = x.size(2) * x.size(3);
  BackwardData<T, kAdd> d(gy, x, y, invstd);
  const float* W = weight.const_data_ptr<float>();
  const float* B = bias.const_data_ptr<float>();
  at::parallel_for(0, c, 1, [&](int64_t c0, int64_t c1) {
    for (int64_t ch = c0; ch < c1; ++ch) {
      const float inv = invstd.const_data_ptr<float>()[ch], mu = mean.const_data_ptr<float>()[ch];
      const float scale = W[ch] * inv, shift = B[ch] - mu * W[ch] * inv;
      double sum_dz = 0, sum_dz_xc = 0;
      for (int64_t i = 0; i < n; ++i) {
        const int64_t at = (i * c + ch) * hw;
        const auto [a, b] = gradient_sums<kAdd>(d.x + at, d.gy + at, kAdd ? d.y + at : nullptr,
                                                kAdd ? d.gr + at : nullptr, hw, scale, shift, mu);
        sum_dz += a;
        sum_dz_xc += b;
      }
      d.gb[ch] = static_cast<float>(sum_dz);
      d.gw[ch] = static_cast<float>(sum_dz_xc * inv);
      const InputGradient k = input_gradient_of(sum_dz, sum_dz_xc, inv, W[ch], mu, n * hw);
      for (int64_t i = 0; i < n; ++i) {
        const int64_t at = (i * c + ch) * hw;
        input_gradient<kAdd>(d.x + at, d.gy + at, kAdd ? d.gr + at : nullptr, d.gx + at, hw, scale,
                             shift, k.a, k.kx, k.k0);
      }
    }
  });
  return d.g;
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

// Per channel across one row: a += x − s, b += (x − s)².
template <typename T>
void add_row_statistics(const T* x, const float* s, float* a, float* b, int64_t c) {
  int64_t j = 0;
  for (; j + Vec::size() <= c; j += Vec::size()) {
    const Vec d = load(x + j) - Vec::loadu(s + j);
    (Vec::loadu(a + j) + d).store(a + j);
    fmadd(d, d, Vec::loadu(b + j)).store(b + j);
  }
  for (; j < c; ++j) {
    const float d = to_float(x[j]) - s[j];
    a[j] += d;
    b[j] += d * d;
  }
}

// One row: y = max(0, x · scale + shift [+ r]), per channel.
template <bool kAdd, typename T>
void normalise_row(const T* x, const T* r, T* y, int64_t c, const float* scale,
                   const float* shift) {
  const Vec zero(0);
  int64_t j = 0;
  for (; j + Vec::size() <= c; j += Vec::size()) {
    Vec z = fmadd(load(x + j), Vec::loadu(scale + j), Vec::loadu(shift + j));
    if constexpr (kAdd) z = z + load(r + j);
    store(maximum(z, zero), y + j);
  }
  for (; j < c; ++j) {
    float z = to_float(x[j]) * scale[j] + shift[j];
    if constexpr (kAdd) z += to_float(r[j]);
    put(std::max(0.0f, z), y + j);
  }
}

template <typename T, bool kAdd>
BnReluForward bn_relu_forward_cl(const at::Tensor& x, const at::Tensor& residual,
                                 const at::Tensor& weight, const at::Tensor& bias,
                                 at::Tensor& running_mean, at::Tensor& running_var, double momentum,
                                 double eps) {
  const int64_t c = x.size(1), rows = x.numel() / c;
  at::Tensor y = at::empty_like(x);  // keeps the channels-last strides
  at::Tensor mean = at::empty(
                 {c}, x.options().dtype(at::kFloat).memory_format(at::MemoryFormat::Contiguous)),
             invstd = at::empty({c}, mean.options());
  const T* X = data_of<T>(x);
  const T* R = kAdd ? data_of<T>(residual) : nullptr;
  T* Y = mutable_data_of<T>(y);
  std::vector<float> shift0(static_cast<size_t>(c));  // the first row: keeps the variance exact
  for (int64_t ch = 0; ch < c; ++ch) shift0[static_cast<size_t>(ch)] = to_float(X[ch]);
  auto [sum, sq] = channel_sums(rows, c, [&](int64_t r, float* a, float* b) {
    add_row_statistics(X + r * c, shift0.data(), a, b, c);
  });
  std::vector<float> scale(static_cast<size_t>(c)), shift(static_cast<size_t>(c));
  for (int64_t ch = 0; ch < c; ++ch) {
    const size_t k = static_cast<size_t>(ch);
    const ChannelNorm norm =
        finish_statistics(sum[k], sq[k], shift0[k], rows, weight.const_data_ptr<float>()[ch],
                          bias.const_data_ptr<float>()[ch], running_mean.data_ptr<float>()[ch],
                          running_var.data_ptr<float>()[ch], momentum, eps);
    mean.data_ptr<float>()[ch] = norm.mean;
    invstd.data_ptr<float>()[ch] = norm.invstd;
    scale[k] = norm.scale;
    shift[k] = norm.shift;
  }
  at::parallel_for(0, rows, 64, [&](int64_t r0, int64_t r1) {
    for (int64_t r = r0; r < r1; ++r) {
      normalise_row<kAdd>(X + r * c, kAdd ? R + r * c : nullptr, Y + r * c, c, scale.data(),
                          shift.data());
    }
  });
  return {y, mean, invstd};
}

// Per channel across one row: a += dz, b += dz · (x − μ), dz the gradient through the ReLU;
// after an Add, dz is the residual's gradient too, written to gr.
template <bool kAdd, typename T>
void add_row_gradient_sums(const T* x, const T* gy, const T* y, T* gr, int64_t c,
                           const float* scale, const float* shift, const float* mu, float* a,
                           float* b) {
  int64_t j = 0;
  for (; j + Vec::size() <= c; j += Vec::size()) {
    const Vec xv = load(x + j);
    const Vec dz = passed_gradient<kAdd>(xv, gy + j, kAdd ? y + j : nullptr, Vec::loadu(scale + j),
                                         Vec::loadu(shift + j));
    if constexpr (kAdd) store(dz, gr + j);
    (Vec::loadu(a + j) + dz).store(a + j);
    fmadd(dz, xv - Vec::loadu(mu + j), Vec::loadu(b + j)).store(b + j);
  }
  for (; j < c; ++j) {
    const float xs = to_float(x[j]);
    const float dz = passed_gradient<kAdd>(xs, gy + j, kAdd ? y + j : nullptr, scale[j], shift[j]);
    if constexpr (kAdd) put(dz, gr + j);
    a[j] += dz;
    b[j] += dz * (xs - mu[j]);
  }
}

// One row of the input's gradient, gx = dz · ka + x · kx + k0 per channel.
template <bool kAdd, typename T>
void row_input_gradient(const T* x, const T* gy, const T* gr, T* gx, int64_t c, const float* scale,
                        const float* shift, const float* ka, const float* kx, const float* k0) {
  int64_t j = 0;
  for (; j + Vec::size() <= c; j += Vec::size()) {
    const Vec xv = load(x + j);
    const Vec dz =
        kAdd ? load(gr + j)
             : relu_gradient(xv, load(gy + j), Vec::loadu(scale + j), Vec::loadu(shift + j));
    store(fmadd(dz, Vec::loadu(ka + j), fmadd(xv, Vec::loadu(kx + j), Vec::loadu(k0 + j))), gx + j);
  }
  for (; j < c; ++j) {
    const float xs = to_float(x[j]);
    const float dz =
        kAdd ? to_float(gr[j]) : passed_gradient<false, T>(xs, gy + j, nullptr, scale[j], shift[j]);
    put(dz * ka[j] + xs * kx[j] + k0[j], gx + j);
  }
}

// Per channel: the normalisation's scale and shift, the mean, and the input gradient's
// coefficients once the sums are known.
struct ChannelTables {
  std::vector<float> scale, shift, mu, ka, kx, k0;
  explicit ChannelTables(int64_t c)
      : scale(static_cast<size_t>(c)), shift(scale), mu(scale), ka(scale), kx(scale), k0(scale) {}
};

template <typename T, bool kAdd>
BnReluGradients bn_relu_backward_cl(const at::Tensor& gy, const at::Tensor& x, const at::Tensor& y,
                                    const at::Tensor& weight, const at::Tensor& bias,
                                    const at::Tensor& mean, const at::Tensor& invstd) {
  const int64_t c = x.size(1), rows = x.numel() / c;
  BackwardData<T, kAdd> d(gy, x, y, invstd);
  const float* W = weight.const_data_ptr<float>();
  const float* INV = invstd.const_data_ptr<float>();
  ChannelTables t(c);
  for (int64_t ch = 0; ch < c; ++ch) {
    const float m = mean.const_data_ptr<float>()[ch];
    t.scale[static_cast<size_t>(ch)] = W[ch] * INV[ch];
    t.shift[static_cast<size_t>(ch)] = bias.const_data_ptr<float>()[ch] - m * W[ch] * INV[ch];
    t.mu[static_cast<size_t>(ch)] = m;
  }
  auto [sum_dz, sum_dz_xc] = channel_sums(rows, c, [&](int64_t r, float* a, float* b) {
    add_row_gradient_sums<kAdd>(d.x + r * c, d.gy + r * c, kAdd ? d.y + r * c : nullptr,
                                kAdd ? d.gr + r * c : nullptr, c, t.scale.data(), t.shift.data(),
                                t.mu.data(), a, b);
  });
  for (int64_t ch = 0; ch < c; ++ch) {
    const size_t k = static_cast<size_t>(ch);
    d.gb[ch] = static_cast<float>(sum_dz[k]);
    d.gw[ch] = static_cast<float>(sum_dz_xc[k] * INV[ch]);
    const InputGradient coefficients =
        input_gradient_of(sum_dz[k], sum_dz_xc[k], INV[ch], W[ch], t.mu[k], rows);
    t.ka[k] = coefficients.a;
    t.kx[k] = coefficients.kx;
    t.k0[k] = coefficients.k0;
  }
  at::parallel_for(0, rows, 64, [&](int64_t r0, int64_t r1) {
    for (int64_t r = r0; r < r1; ++r) {
      row_input_gradient<kAdd>(d.x + r * c, d.gy + r * c, kAdd ? d.gr + r * c : nullptr,
                               d.gx + r * c, c, t.scale.data(), t.shift.data(), t.ka.data(),
                               t.kx.data(), t.k0.data());
    }
  });
  return d.g;
}

// Calls f(T(), std::bool_constant<kAdd>()) for x's element type (float or bf16) and whether a
// residual is added.
template <typename F>
auto dispatch(const at::Tensor& x, bool add, const F& f) {
  if (x.scalar_type() == at::kBFloat16) {
    return add ? f(Bf16(), std::true_type()) : f(Bf16(), std::false_type());
  }
  return add ? f(float(), std::true_type()) : f(float(), std::false_type());
}

}  // namespace

BnReluForward bn_relu_forward(const at::Tensor& x, const at::Tensor& residual,
                              const at::Tensor& weight, const at::Tensor& bias,
                              at::Tensor& running_mean, at::Tensor& running_var, double momentum,
                              double eps) {
  return dispatch(x, residual.defined(), [&](auto type, auto add) {
    using T = decltype(type);
    constexpr bool kAdd = decltype(add)::value;
    return is_channels_last(x)
               ? bn_relu_forward_cl<T, kAdd>(x, residual, weight, bias, running_mean, running_var,
                                             momentum, eps)
               : bn_relu_forward_nchw<T, kAdd>(x, residual, weight, bias, running_mean, running_var,
                                               momentum, eps);
  });
}

BnReluGradients bn_relu_backward(const at::Tensor& gy_in, const at::Tensor& x, const at::Tensor& y,
                                 const at::Tensor& weight, const at::Tensor& bias,
                                 const at::Tensor& mean, const at::Tensor& invstd) {
  // In x's type and layout (autograd hands back y's, which is x's; to be sure).
  const at::Tensor gy = gy_in.to(x.scalar_type())
                            .contiguous(is_channels_last(x) ? at::MemoryFormat::ChannelsLast
                                                            : at::MemoryFormat::Contiguous);
  return dispatch(x, y.defined(), [&](auto type, auto add) {
    using T = decltype(type);
    constexpr bool kAdd = decltype(add)::value;
    return is_channels_last(x)
               ? bn_relu_backward_cl<T, kAdd>(gy, x, y, weight, bias, mean, invstd)
               : bn_relu_backward_nchw<T, kAdd>(gy, x, y, weight, bias, mean, invstd);
  });
}

}  // namespace convstudio::fused_kernels

#pragma GCC pop_options
