#include "import/onnx_model_view.h"

namespace convstudio::onnx_import {

std::int64_t OnnxNodeView::integer(const std::string& key, std::int64_t fallback) const {
  auto it = attributes.find(key);
  if (it == attributes.end()) return fallback;
  if (const auto* v = std::get_if<std::int64_t>(&it->second)) return *v;
  return fallback;
}

double OnnxNodeView::real(const std::string& key, double fallback) const {
  auto it = attributes.find(key);
  if (it == attributes.end()) return fallback;
  if (const auto* v = std::get_if<double>(&it->second)) return *v;
  if (const auto* v = std::get_if<std::int64_t>(&it->second)) return static_cast<double>(*v);
  return fallback;
}

std::string OnnxNodeView::text(const std::string& key, const std::string& fallback) const {
  auto it = attributes.find(key);
  if (it == attributes.end()) return fallback;
  if (const auto* v = std::get_if<std::string>(&it->second)) return *v;
  return fallback;
}

std::vector<std::int64_t> OnnxNodeView::ints(const std::string& key,
                                             std::vector<std::int64_t> fallback) const {
  auto it = attributes.find(key);
  if (it == attributes.end()) return fallback;
  if (const auto* v = std::get_if<std::vector<std::int64_t>>(&it->second)) return *v;
  return fallback;
}

}  // namespace convstudio::onnx_import
