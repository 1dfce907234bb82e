#include "layer_rules.h"

#include <functional>
#include <map>
#include <string_view>

namespace convstudio {
namespace {

class RuleContext {
 public:
  RuleContext(const Block& block, BlockAnalysis& analysis, std::vector<Error>& errors)
      : block(block), out(analysis), errors_(errors) {}

  const TensorShape& in(std::size_t port = 0) const { return out.input_shapes.at(port); }
  bool fail(std::string field, const std::string& message) {
    errors_.push_back(
        Error::in_block(block.id, block.type, std::move(field), block.type + ": " + message));
    return false;
  }
  bool require_image(const char* hint = "") {
    if (in().is_image()) return true;
    return fail("inputs[0]", "expects a C\u00d7H\u00d7W input, got " + in().to_string() + hint);
  }
  bool require_flat() {
    if (in().is_flat()) return true;
    return fail("inputs[0]",
                "expects a flat input, got " + in().to_string() + " (add a Flatten block)");
  }

  const Block& block;
  BlockAnalysis& out;

 private:
  std::vector<Error>& errors_;
};

std::string padded_text(std::int64_t h, std::int64_t w, std::int64_t padding) {
  return std::to_string(h + 2 * padding) + "\u00d7" + std::to_string(w + 2 * padding);
}

bool conv2d(RuleContext& r) {
  if (!r.require_image()) return false;
  const TensorShape& x = r.in();
  const std::int64_t out = r.block.int_param("out_channels");
  const std::int64_t k = r.block.int_param("kernel");
  const std::int64_t stride = r.block.int_param("stride");
  const std::int64_t dilation = r.block.int_param("dilation");
  const std::int64_t groups = r.block.int_param("groups");
  const bool same = r.block.choice_param("padding_mode") == "same";
  const std::int64_t padding = same ? 0 : r.block.int_param("padding");
  bool ok = true;
  if (x.channels() % groups != 0) {
    ok = r.fail("params.groups", "groups " + std::to_string(groups) +
                                     " does not divide input channels " +
                                     std::to_string(x.channels()));
  }
  if (out % groups != 0) {
    ok = r.fail("params.groups", "groups " + std::to_string(groups) +
                                     " does not divide out_channels " + std::to_string(out));
  }
  if (same && stride != 1) {
    // PyTorch refuses padding='same' for strided convolutions.
    ok = r.fail("params.padding_mode", "padding 'same' needs stride 1, got stride " +
                                           std::to_string(stride) + " (use explicit padding)");
  }
  const std::int64_t span = dilation * (k - 1) + 1;
  if (!same && (span > x.height() + 2 * padding || span > x.width() + 2 * padding)) {
    std::string what = dilation == 1
                           ? "kernel " + std::to_string(k)
                           : "kernel " + std::to_string(k) + " with dilation " +
                                 std::to_string(dilation) + " spans " + std::to_string(span) + ",";
    ok = r.fail("params.kernel",
                what + " larger than padded input " + padded_text(x.height(), x.width(), padding));
  }
  if (!ok) return false;
  const std::int64_t h = same ? x.height() : (x.height() + 2 * padding - span) / stride + 1;
  const std::int64_t w = same ? x.width() : (x.width() + 2 * padding - span) / stride + 1;
  const std::int64_t per_output = (x.channels() / groups) * k * k;
  r.out.output_shape = TensorShape::image(out, h, w);
  r.out.params = out * per_output + (r.block.bool_param("bias") ? out : 0);
  r.out.macs = out * h * w * per_output;
  r.out.saves_input = true;
  return true;
}

bool pool2d(RuleContext& r, bool is_max) {
  if (!r.require_image()) return false;
  const TensorShape& x = r.in();
  const std::int64_t k = r.block.int_param("kernel");
  const std::int64_t stride_param = r.block.int_param("stride");
  const std::int64_t stride = stride_param == 0 ? k : stride_param;
  const std::int64_t padding = r.block.int_param("padding");
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
  const std::int64_t h = (x.height() + 2 * padding - k) / stride + 1;
  const std::int64_t w = (x.width() + 2 * padding - k) / stride + 1;
  r.out.output_shape = TensorShape::image(x.channels(), h, w);
  r.out.saves_input = true;
  if (is_max) r.out.saved_index_bytes = r.out.output_shape.element_count() * 8;
  return true;
}

bool same_shape(RuleContext& r, bool saves_input, bool saves_output) {
  r.out.output_shape = r.in();
  r.out.saves_input = saves_input;
  r.out.saves_output = saves_output;
  return true;
}

std::string differing_dims(const TensorShape& a, const TensorShape& b, bool skip_channels) {
  static const char* kImageDims[] = {"channels", "height", "width"};
  std::string text;
  for (std::size_t i = skip_channels ? 1 : 0; i < a.dims.size(); ++i) {
    if (a.dims[i] == b.dims[i]) continue;
    if (!text.empty()) text += " and ";
    text += a.is_image() ? kImageDims[i] : "features";
  }
  return text;
}

bool merge(RuleContext& r, bool concat) {
  const TensorShape& first = r.in(0);
  bool ok = true;
  for (std::size_t i = 1; i < r.out.input_shapes.size(); ++i) {
    const TensorShape& other = r.in(i);
    const std::string pair = "inputs " + first.to_string() + " and " + other.to_string();
    const std::string field = "inputs[" + std::to_string(i) + "]";
    if (other.dims.size() != first.dims.size()) {
      ok = r.fail(field, pair + " differ in rank (one is flat; add a Flatten block)");
      continue;
    }
    std::string differ = differing_dims(first, other, concat && first.is_image());
    if (concat && first.is_flat()) differ.clear();
    if (!differ.empty()) ok = r.fail(field, pair + " differ in " + differ);
  }
  if (!ok) return false;
  r.out.output_shape = first;
  if (concat) {
    for (std::size_t i = 1; i < r.out.input_shapes.size(); ++i) {
      r.out.output_shape.dims[0] += r.in(i).dims[0];
    }
  }
  return true;
}

bool dense(RuleContext& r, std::int64_t out, bool bias) {
  if (!r.require_flat()) return false;
  const std::int64_t in = r.in().channels();
  r.out.output_shape = TensorShape::flat(out);
  r.out.params = in * out + (bias ? out : 0);
  r.out.macs = in * out;
  r.out.saves_input = true;
  return true;
}

using Rule = std::function<bool(RuleContext&)>;

const std::map<std::string, Rule, std::less<>>& rules() {
  static const std::map<std::string, Rule, std::less<>> table = {
      {"Conv2d", conv2d},
      {"BatchNorm2d",
       [](RuleContext& r) {
         if (!r.require_image()) return false;
         r.out.params = 2 * r.in().channels();  // weight and bias; running stats are buffers
         return same_shape(r, true, false);
       }},
      {"ReLU", [](RuleContext& r) { return same_shape(r, false, true); }},
      {"LeakyReLU", [](RuleContext& r) { return same_shape(r, true, false); }},
      {"GELU", [](RuleContext& r) { return same_shape(r, true, false); }},
      {"SiLU", [](RuleContext& r) { return same_shape(r, true, false); }},
      {"Sigmoid", [](RuleContext& r) { return same_shape(r, false, true); }},
      {"Tanh", [](RuleContext& r) { return same_shape(r, false, true); }},
      {"MaxPool2d", [](RuleContext& r) { return pool2d(r, true); }},
      {"AvgPool2d", [](RuleContext& r) { return pool2d(r, false); }},
      {"AdaptiveAvgPool2d",
       [](RuleContext& r) {
         if (!r.require_image()) return false;
         const std::int64_t size = r.block.int_param("output_size");
         r.out.output_shape = TensorShape::image(r.in().channels(), size, size);
         r.out.saves_input = true;
         return true;
       }},
      {"Dropout",
       [](RuleContext& r) {
         r.out.saved_extra_elements = r.in().element_count();  // the scaled noise mask
         return same_shape(r, false, false);
       }},
      {"Dropout2d",
       [](RuleContext& r) {
         if (!r.require_image(" (use Dropout for flat inputs)")) return false;
         r.out.saved_extra_elements = r.in().channels();  // one mask value per channel
         return same_shape(r, false, false);
       }},
      {"Flatten",
       [](RuleContext& r) {
         r.out.output_shape = TensorShape::flat(r.in().element_count());
         return true;
       }},
      {"Linear",
       [](RuleContext& r) {
         return dense(r, r.block.int_param("out_features"), r.block.bool_param("bias"));
       }},
      {"Output",
       [](RuleContext& r) {
         // The loss (log-softmax) keeps the logits for backward.
         if (!dense(r, r.block.int_param("classes"), true)) return false;
         r.out.saves_output = true;
         return true;
       }},
      {"Add", [](RuleContext& r) { return merge(r, false); }},
      {"Concat", [](RuleContext& r) { return merge(r, true); }},
  };
  return table;
}

}  // namespace

bool apply_layer_rule(const Block& block, BlockAnalysis& analysis, std::vector<Error>& errors) {
  auto it = rules().find(block.type);
  if (it == rules().end()) {
    errors.push_back(
        Error::in_block(block.id, block.type, "type", block.type + ": has no shape rule"));
    return false;
  }
  RuleContext context(block, analysis, errors);
  return it->second(context);
}

}  // namespace convstudio
