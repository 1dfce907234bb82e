#pragma once
// The vectors of the fused kernels (fused_batch_norm_relu_avx2.cpp): eight floats in AVX2
// registers, bf16 widened on load and rounded on store. Included only after that file's
// `#pragma GCC target("avx2,fma")`, so nothing here is compiled for another file or target; the
// functions have internal linkage, so no copy of them can stand in for another file's. The
// includes below are there for readers: that file includes them before its pragma, so here they
// are already done and nothing of theirs is compiled for AVX2.

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <immintrin.h>

namespace convstudio::fused_kernels {
namespace {  // NOLINT(google-build-namespaces): one copy per including file, by design

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

// bfloat16's bits, as at::BFloat16 stores them.
using Bf16 = std::uint16_t;

inline Vec load(const float* p) {
  return Vec::loadu(p);
}
inline Vec load(const Bf16* p) {  // bf16 widens exactly: its bits are a float's upper half
  const __m256i wide = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  return _mm256_castsi256_ps(_mm256_slli_epi32(wide, 16));
}
inline void store(Vec v, float* p) {
  v.store(p);
}
// Rounded to nearest even as c10::BFloat16 rounds; a NaN stays a (quiet) NaN.
inline void store(Vec v, Bf16* p) {
  const __m256i u = _mm256_castps_si256(v.v);
  const __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
  __m256i rounded =
      _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7fff)), lsb), 16);
  const __m256 nan = _mm256_cmp_ps(v.v, v.v, _CMP_UNORD_Q);
  rounded = _mm256_blendv_epi8(rounded, _mm256_set1_epi32(0x7fc0), _mm256_castps_si256(nan));
  const __m128i packed =
      _mm_packus_epi32(_mm256_castsi256_si128(rounded), _mm256_extracti128_si256(rounded, 1));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), packed);
}
inline float to_float(float v) {
  return v;
}
inline float to_float(Bf16 b) {
  const std::uint32_t bits = static_cast<std::uint32_t>(b) << 16;
  float v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}
inline void put(float v, float* p) {
  *p = v;
}
inline void put(float v, Bf16* p) {
  if (std::isnan(v)) {
    *p = 0x7fc0;
    return;
  }
  std::uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  *p = static_cast<Bf16>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
}

// The data of a float or bf16 tensor as T.
template <typename T>
const T* data_of(const at::Tensor& t) {
  if constexpr (std::is_same_v<T, float>) {
    return t.const_data_ptr<float>();
  } else {
    return reinterpret_cast<const Bf16*>(t.const_data_ptr<at::BFloat16>());
  }
}
template <typename T>
T* mutable_data_of(at::Tensor& t) {
  if constexpr (std::is_same_v<T, float>) {
    return t.data_ptr<float>();
  } else {
    return reinterpret_cast<Bf16*>(t.data_ptr<at::BFloat16>());
  }
}

// The gradient the ReLU lets through: gy where x · scale + shift > 0 (the mask recomputed from
// x, as the forward computed it, so y need not be kept or read).
inline Vec relu_gradient(Vec x, Vec gy, Vec scale, Vec shift) {
  return gy & (fmadd(x, scale, shift) > Vec(0));
}

}  // namespace
}  // namespace convstudio::fused_kernels
