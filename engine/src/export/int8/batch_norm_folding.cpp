#include "export/int8/batch_norm_folding.h"

#include <cmath>
#include <map>
#include <set>

namespace convstudio {
namespace {

float epsilon_of(const onnx::NodeProto& node) {
  for (const onnx::AttributeProto& attribute : node.attribute()) {
    if (attribute.name() == "epsilon") return attribute.f();
  }
  return 1e-5f;  // the ONNX default
}

}  // namespace

std::vector<std::pair<std::string, std::string>> fold_batch_norms(onnx::GraphProto& graph,
                                                                  OnnxInitializers& initializers) {
  std::map<std::string, int> producer;
  std::map<std::string, int> readers;
  for (int i = 0; i < graph.node_size(); ++i) {
    for (const std::string& output : graph.node(i).output()) producer[output] = i;
    for (const std::string& input : graph.node(i).input()) ++readers[input];
  }
  for (const onnx::ValueInfoProto& output : graph.output()) ++readers[output.name()];

  std::vector<std::pair<std::string, std::string>> folds;
  std::set<int> removed;
  for (int i = 0; i < graph.node_size(); ++i) {
    const onnx::NodeProto& norm = graph.node(i);
    if (norm.op_type() != "BatchNormalization" || norm.input_size() != 5) continue;
    const auto found = producer.find(norm.input(0));
    if (found == producer.end() || readers[norm.input(0)] != 1) continue;
    onnx::NodeProto& conv = *graph.mutable_node(found->second);
    if (conv.op_type() != "Conv" || !initializers.has(conv.input(1))) continue;
    bool constant = true;
    for (int k = 1; k < 5; ++k) constant = constant && initializers.has(norm.input(k));
    if (!constant) continue;

    const std::vector<float> gamma = initializers.floats(norm.input(1));
    const std::vector<float> beta = initializers.floats(norm.input(2));
    const std::vector<float> mean = initializers.floats(norm.input(3));
    const std::vector<float> variance = initializers.floats(norm.input(4));
    std::vector<float> weight = initializers.floats(conv.input(1));
    const std::size_t channels = gamma.size();
    const std::size_t per_channel = weight.size() / channels;
    std::vector<float> bias(channels, 0.f);
    const bool had_bias = conv.input_size() > 2 && !conv.input(2).empty();
    if (had_bias) bias = initializers.floats(conv.input(2));

    // y = gamma * (conv(x) + b - mean) / sqrt(var + eps) + beta, channel by channel.
    const float eps = epsilon_of(norm);
    for (std::size_t c = 0; c < channels; ++c) {
      const float scale = gamma[c] / std::sqrt(variance[c] + eps);
      for (std::size_t k = 0; k < per_channel; ++k) weight[c * per_channel + k] *= scale;
      bias[c] = (bias[c] - mean[c]) * scale + beta[c];
    }
    initializers.set_floats(conv.input(1), weight);
    if (had_bias) {
      initializers.set_floats(conv.input(2), bias);
    } else {
      const std::string name = conv.name() + ".bias";
      initializers.add_floats(name, {static_cast<std::int64_t>(channels)}, bias);
      conv.add_input(name);
    }
    conv.set_output(0, norm.output(0));
    removed.insert(i);
    folds.emplace_back(norm.name(), conv.name());
  }

  google::protobuf::RepeatedPtrField<onnx::NodeProto> kept;
  for (int i = 0; i < graph.node_size(); ++i) {
    if (removed.count(i) == 0) kept.Add()->Swap(graph.mutable_node(i));
  }
  graph.mutable_node()->Swap(&kept);
  initializers.remove_unused();
  return folds;
}

}  // namespace convstudio
