#include "blocks/shared/pool_window.h"

#include <algorithm>

#include "blocks/param_specs.h"

namespace convstudio::blocks {

std::vector<ParamSpec> pool_params() {
  return {
      int_param("kernel", QT_TRANSLATE_NOOP("BlockCatalog", "Kernel size"), 2, 1, 31,
                QT_TRANSLATE_NOOP("BlockCatalog", "Window size (square).")),
      int_param("stride", QT_TRANSLATE_NOOP("BlockCatalog", "Stride"), 0, 0, 31,
                QT_TRANSLATE_NOOP("BlockCatalog", "Step between windows; 0 = the kernel size.")),
      int_param("padding", QT_TRANSLATE_NOOP("BlockCatalog", "Padding"), 0, 0, 15,
                QT_TRANSLATE_NOOP("BlockCatalog",
                                  "Implicit padding on each side; at most half the kernel.")),
      bool_param("ceil_mode", QT_TRANSLATE_NOOP("BlockCatalog", "Ceil mode"), false,
                 QT_TRANSLATE_NOOP("BlockCatalog",
                                   "Round the output size up, so a last partial window counts "
                                   "(PyTorch's ceil_mode)."))};
}

PoolWindow pool_window(const Block& block) {
  PoolWindow window;
  window.kernel = block.int_param("kernel");
  const std::int64_t stride = block.int_param("stride");
  window.stride = stride == 0 ? window.kernel : stride;  // PyTorch: stride defaults to the kernel
  window.padding = block.int_param("padding");
  window.ceil_mode = block.bool_param("ceil_mode");
  return window;
}

bool windows_do_not_overlap(const PoolWindow& window) {
  return window.stride >= window.kernel;
}

std::int64_t pooled_size(std::int64_t size, const PoolWindow& window) {
  const std::int64_t span = size + 2 * window.padding - window.kernel;
  std::int64_t out = span / window.stride + 1;
  if (window.ceil_mode) {
    out = (span + window.stride - 1) / window.stride + 1;
    // PyTorch drops a last window that would start in the right padding.
    if ((out - 1) * window.stride >= size + window.padding) --out;
  }
  return out;
}

bool infer_pool(ShapeRule& r, bool keeps_indices) {
  if (!r.require_image()) return false;
  const TensorShape& x = r.in();
  const PoolWindow window = pool_window(r.block);
  const std::int64_t k = window.kernel, padding = window.padding;
  bool ok = true;
  if (2 * padding > k) {
    ok = r.fail("params.padding", "padding " + std::to_string(padding) +
                                      " must be at most half the kernel " + std::to_string(k));
  }
  if (k > x.height() + 2 * padding || k > x.width() + 2 * padding) {
    ok = r.fail("params.kernel", "kernel " + std::to_string(k) + " larger than padded input " +
                                     padded_text(x.height(), x.width(), padding));
  }
  if (!ok) return false;
  const std::int64_t h = pooled_size(x.height(), window);
  const std::int64_t w = pooled_size(x.width(), window);
  r.out.output_shape = TensorShape::image(x.channels(), h, w);
  r.out.saves_input = true;
  if (keeps_indices) r.out.saved_index_bytes = r.out.output_shape.element_count() * 8;
  return true;
}

std::optional<BlockParams> sample_pool(ParamSampler& s) {
  if (!s.in().is_image()) return std::nullopt;
  if (s.keeps_size()) {  // 1×1, or 3×3 with padding 1, at stride 1
    const std::int64_t k = s.chance(0.5) ? 3 : 1;
    return BlockParams{{"kernel", k}, {"stride", std::int64_t{1}}, {"padding", k / 2}};
  }
  const std::int64_t k = s.pick(1, std::min<std::int64_t>({3, s.in().height(), s.in().width()}));
  const std::int64_t padding = s.pick(0, k / 2);
  // ceil_mode too, so random graphs check its shape rule against LibTorch and every exporter.
  return BlockParams{
      {"kernel", k}, {"stride", s.pick(0, 2)}, {"padding", padding}, {"ceil_mode", s.chance(0.3)}};
}

}  // namespace convstudio::blocks
