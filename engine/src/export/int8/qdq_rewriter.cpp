#include "export/int8/qdq_rewriter.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

#include "export/int8/batch_norm_folding.h"
#include "export/int8/onnx_initializers.h"

namespace convstudio {
namespace {

// uint8 activations with a zero point, onnxruntime's QDQ default (QUInt8 activations, QInt8
// weights), which its CPU provider fuses into QLinearConv / QGemm.
struct QuantParams {
  float scale = 1;
  std::uint8_t zero_point = 0;
};

// onnxruntime's compute_scale_zp for an asymmetric uint8 range that always holds zero.
QuantParams activation_params(const ActivationRange& range) {
  const float low = std::min(range.low, 0.f);
  const float high = std::max(range.high, 0.f);
  if (!(high > low)) return {};
  QuantParams params;
  params.scale = (high - low) / 255.f;
  params.zero_point =
      static_cast<std::uint8_t>(std::clamp(std::round(-low / params.scale), 0.f, 255.f));
  return params;
}

// Ops whose output is their input rearranged or selected: the output shares the input's scale
// and zero point, so onnxruntime drops the DequantizeLinear/QuantizeLinear around them.
const std::set<std::string> kSameScaleOps = {"MaxPool", "Flatten", "Reshape", "Identity"};
// Ops onnxruntime runs in int8 between QDQ pairs (or removes: a Relu before a QuantizeLinear
// whose zero point is the lowest value).
const std::set<std::string> kInt8Ops = {"Conv",   "Gemm",        "MatMul",  "Add",
                                        "Concat", "AveragePool", "MaxPool", "GlobalAveragePool",
                                        "Relu",   "Flatten",     "Reshape", "Identity"};

std::string block_of(const onnx::NodeProto& node) {
  return node.name().substr(0, node.name().find('/'));
}

std::int64_t int_attribute(const onnx::NodeProto& node, const std::string& name,
                           std::int64_t fallback) {
  for (const onnx::AttributeProto& attribute : node.attribute()) {
    if (attribute.name() == name) return attribute.i();
  }
  return fallback;
}

onnx::NodeProto make_node(const std::string& op, const std::string& name,
                          const std::vector<std::string>& inputs, const std::string& output,
                          std::int64_t axis = -1) {
  onnx::NodeProto node;
  node.set_op_type(op);
  node.set_name(name);
  for (const std::string& input : inputs) node.add_input(input);
  node.add_output(output);
  if (axis >= 0) {
    onnx::AttributeProto* attribute = node.add_attribute();
    attribute->set_name("axis");
    attribute->set_type(onnx::AttributeProto::INT);
    attribute->set_i(axis);
  }
  return node;
}

class QdqRewrite {
 public:
  QdqRewrite(onnx::GraphProto& graph, const std::map<std::string, ActivationRange>& ranges,
             bool per_channel, int weight_limit)
      : graph_(graph),
        initializers_(graph),
        ranges_(ranges),
        per_channel_(per_channel),
        weight_limit_(static_cast<float>(weight_limit)) {}

  QdqModel run() {
    QdqModel model;
    model.folded_blocks = fold_batch_norms(graph_, initializers_);
    choose_params();
    std::vector<onnx::NodeProto> nodes;
    for (const onnx::ValueInfoProto& input : graph_.input())
      add_activation_qdq(input.name(), nodes);
    for (onnx::NodeProto& node : *graph_.mutable_node()) {
      for (std::string& input : *node.mutable_input()) {
        if (quantized_.count(input)) input += "/dq";
      }
      if (node.op_type() == "Conv" || node.op_type() == "Gemm") {
        quantize_weights(node, nodes, model);
      }
      nodes.push_back(node);
      for (const std::string& output : node.output()) add_activation_qdq(output, nodes);
      note_float(node, model);
    }
    graph_.clear_node();
    for (onnx::NodeProto& node : nodes) graph_.add_node()->Swap(&node);
    initializers_.remove_unused();
    return model;
  }

 private:
  // The scale and zero point of every activation calibration measured; which of them get a
  // QDQ pair: not the graph outputs (the logits stay float), and not a value that only Relus
  // read (the Relu's output carries the pair; onnxruntime then removes the Relu and fuses the
  // op before it with the QuantizeLinear).
  void choose_params() {
    std::map<std::string, std::vector<std::string>> readers;
    for (const onnx::NodeProto& node : graph_.node()) {
      for (const std::string& input : node.input()) readers[input].push_back(node.op_type());
    }
    std::set<std::string> outputs;
    for (const onnx::ValueInfoProto& output : graph_.output()) outputs.insert(output.name());
    auto consider = [&](const std::string& value, const QuantParams& params) {
      params_[value] = params;
      const auto& read_by = readers[value];
      const bool only_relus =
          std::all_of(read_by.begin(), read_by.end(), [](const auto& op) { return op == "Relu"; });
      if (!read_by.empty() && !only_relus && outputs.count(value) == 0) quantized_.insert(value);
    };
    for (const onnx::ValueInfoProto& input : graph_.input()) {
      if (ranges_.count(input.name()))
        consider(input.name(), activation_params(ranges_.at(input.name())));
    }
    for (const onnx::NodeProto& node : graph_.node()) {
      const std::string& output = node.output(0);
      if (kSameScaleOps.count(node.op_type()) && params_.count(node.input(0))) {
        consider(output, params_.at(node.input(0)));
      } else if (ranges_.count(output)) {
        consider(output, activation_params(ranges_.at(output)));
      }
    }
  }

  void add_activation_qdq(const std::string& value, std::vector<onnx::NodeProto>& nodes) {
    if (!quantized_.count(value)) return;
    const QuantParams& params = params_.at(value);
    initializers_.add_floats(value + "/scale", {}, {params.scale});
    initializers_.add_uint8s(value + "/zero_point", {}, {params.zero_point});
    const std::vector<std::string> scale_zero{value + "/scale", value + "/zero_point"};
    nodes.push_back(make_node("QuantizeLinear", value + "/quantize",
                              {value, scale_zero[0], scale_zero[1]}, value + "/q"));
    nodes.push_back(make_node("DequantizeLinear", value + "/dequantize",
                              {value + "/q", scale_zero[0], scale_zero[1]}, value + "/dq"));
  }

  // Symmetric int8 in [-limit, limit] (onnxruntime's symmetric weight range, or its reduced one),
  // one scale per output channel: axis 0 of a Conv weight [O, I/g, k, k] and of a Gemm weight with
  // transB 1 [N, K].
  void quantize_weights(onnx::NodeProto& node, std::vector<onnx::NodeProto>& nodes,
                        QdqModel& model) {
    const std::string weight = node.input(1);
    if (!initializers_.has(weight)) return;
    const onnx::TensorProto& tensor = initializers_.get(weight);
    std::vector<std::int64_t> dims(tensor.dims().begin(), tensor.dims().end());
    const bool transposed = node.op_type() == "Gemm" && int_attribute(node, "transB", 0) == 0;
    const std::int64_t axis = transposed ? 1 : 0;
    const std::vector<float> values = initializers_.floats(weight);
    const std::int64_t channels = dims.at(axis);
    const std::int64_t inner = transposed ? 1 : static_cast<std::int64_t>(values.size()) / channels;
    auto channel_of = [&](std::size_t i) {
      return transposed ? static_cast<std::int64_t>(i) % channels
                        : static_cast<std::int64_t>(i) / inner;
    };

    std::vector<float> absmax(per_channel_ ? channels : 1, 0.f);
    for (std::size_t i = 0; i < values.size(); ++i) {
      float& m = absmax[per_channel_ ? channel_of(i) : 0];
      m = std::max(m, std::abs(values[i]));
    }
    std::vector<float> scales(absmax.size());
    for (std::size_t c = 0; c < absmax.size(); ++c)
      scales[c] = absmax[c] > 0 ? absmax[c] / weight_limit_ : 1.f;
    std::vector<std::int8_t> q(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      const float s = scales[per_channel_ ? channel_of(i) : 0];
      q[i] = static_cast<std::int8_t>(
          std::clamp(std::round(values[i] / s), -weight_limit_, weight_limit_));
    }
    const std::vector<std::int64_t> scale_dims =
        per_channel_ ? std::vector<std::int64_t>{channels} : std::vector<std::int64_t>{};
    initializers_.add_int8s(weight + "/int8", dims, q);
    initializers_.add_floats(weight + "/scale", scale_dims, scales);
    initializers_.add_int8s(weight + "/zero_point", scale_dims,
                            std::vector<std::int8_t>(scales.size(), 0));
    nodes.push_back(make_node("DequantizeLinear", weight + "/dequantize",
                              {weight + "/int8", weight + "/scale", weight + "/zero_point"},
                              weight + "/dq", per_channel_ ? axis : -1));
    node.set_input(1, weight + "/dq");
    model.quantized_blocks.push_back(block_of(node));

    const std::string& x = node.input(0);
    const bool input_quantized = x.size() > 3 && x.compare(x.size() - 3, 3, "/dq") == 0;
    if (!input_quantized) {
      float_reasons_.emplace(block_of(node),
                             "its input has no calibrated range: int8 weights, float arithmetic");
      return;
    }
    if (node.input_size() < 3 || !initializers_.has(node.input(2))) return;
    // int32 bias with scale input_scale x weight_scale and zero point 0: the form
    // onnxruntime's QLinearConv takes its bias in, so the DequantizeLinear folds away.
    const std::string bias = node.input(2);
    const std::vector<float> b = initializers_.floats(bias);
    const float input_scale = params_.at(x.substr(0, x.size() - 3)).scale;
    std::vector<float> bias_scales(b.size());
    std::vector<std::int32_t> bias_q(b.size());
    for (std::size_t c = 0; c < b.size(); ++c) {
      bias_scales[c] = input_scale * scales[per_channel_ ? c : 0];
      const double level = std::round(static_cast<double>(b[c]) / bias_scales[c]);
      bias_q[c] = static_cast<std::int32_t>(
          std::clamp(level, static_cast<double>(std::numeric_limits<std::int32_t>::min()),
                     static_cast<double>(std::numeric_limits<std::int32_t>::max())));
    }
    const std::vector<std::int64_t> bias_dims{static_cast<std::int64_t>(b.size())};
    initializers_.add_int32s(bias + "/int32", bias_dims, bias_q);
    initializers_.add_floats(bias + "/scale", bias_dims, bias_scales);
    // No zero point: it defaults to 0, and C int32 zeros would be 4 bytes a channel of file.
    nodes.push_back(make_node("DequantizeLinear", bias + "/dequantize",
                              {bias + "/int32", bias + "/scale"}, bias + "/dq", 0));
    node.set_input(2, bias + "/dq");
  }

  // A block stays float when one of its ops has no int8 kernel; the reason lists those ops
  // ("ONNX Div, Erf, Mul ...") so the user sees why.
  void note_float(const onnx::NodeProto& node, QdqModel& model) {
    const std::string block = block_of(node);
    const bool weights_only = float_reasons_.count(block) > 0;
    if (!weights_only && kInt8Ops.count(node.op_type())) return;
    auto known = std::find_if(model.float_blocks.begin(), model.float_blocks.end(),
                              [&](const FloatBlock& b) { return b.block_id == block; });
    if (weights_only) {
      if (known == model.float_blocks.end()) {
        model.float_blocks.push_back({block, float_reasons_.at(block)});
      }
      return;
    }
    std::vector<std::string>& ops = float_ops_[block];
    if (std::find(ops.begin(), ops.end(), node.op_type()) == ops.end()) {
      ops.push_back(node.op_type());
    }
    std::string list;
    for (const std::string& op : ops) list += (list.empty() ? "" : ", ") + op;
    const std::string reason = "ONNX " + list + (ops.size() == 1 ? " has" : " have") +
                               " no int8 kernel in onnxruntime: runs in float";
    if (known == model.float_blocks.end()) {
      model.float_blocks.push_back({block, reason});
    } else {
      known->reason = reason;
    }
  }

  onnx::GraphProto& graph_;
  OnnxInitializers initializers_;
  const std::map<std::string, ActivationRange>& ranges_;
  bool per_channel_;
  float weight_limit_;
  std::map<std::string, QuantParams> params_;
  std::set<std::string> quantized_;  // activations that get a QDQ pair
  std::map<std::string, std::string> float_reasons_;
  std::map<std::string, std::vector<std::string>> float_ops_;  // per float block, in graph order
};

}  // namespace

QdqModel rewrite_to_qdq(const std::string& fp32_bytes,
                        const std::map<std::string, ActivationRange>& ranges, bool per_channel,
                        int weight_limit) {
  onnx::ModelProto proto;
  if (!proto.ParseFromString(fp32_bytes)) throw std::runtime_error("cannot parse the fp32 export");
  QdqModel model = QdqRewrite(*proto.mutable_graph(), ranges, per_channel, weight_limit).run();
  try {
    onnx::checker::check_model(proto);
  } catch (const std::exception& error) {
    throw std::runtime_error(std::string("the ONNX checker rejects the int8 model: ") +
                             error.what());
  }
  if (!proto.SerializeToString(&model.bytes)) {
    throw std::runtime_error("cannot serialize the int8 ONNX model");
  }
  return model;
}

}  // namespace convstudio
