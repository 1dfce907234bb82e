#include "graph_module.h"

#include <stdexcept>

namespace convstudio {
namespace {

torch::nn::AnyModule make_conv(const Block& block, std::int64_t in_channels) {
  auto options = torch::nn::Conv2dOptions(in_channels, block.int_param("out_channels"),
                                          block.int_param("kernel"))
                     .stride(block.int_param("stride"))
                     .dilation(block.int_param("dilation"))
                     .groups(block.int_param("groups"))
                     .bias(block.bool_param("bias"));
  if (block.choice_param("padding_mode") == "same") {
    options.padding(torch::kSame);
  } else {
    options.padding(block.int_param("padding"));
  }
  return torch::nn::AnyModule(torch::nn::Conv2d(options));
}

// Pool stride 0 means "the kernel size", as PyTorch's default.
std::int64_t pool_stride(const Block& block) {
  const std::int64_t stride = block.int_param("stride");
  return stride == 0 ? block.int_param("kernel") : stride;
}

}  // namespace

GraphModuleImpl::GraphModuleImpl(const Graph& graph, const ModelAnalysis& analysis) {
  if (!analysis.ok()) {
    throw std::invalid_argument("cannot build a model from a graph with errors: " +
                                analysis.errors.front().message);
  }
  std::map<std::string, int> slot_of;
  for (const BlockAnalysis& shapes : analysis.blocks) {
    const Block* block = graph.find_block(shapes.id);
    if (block == nullptr) throw std::invalid_argument("analysis names unknown block " + shapes.id);
    add_step(graph, *block, shapes, slot_of);
    slot_of[shapes.id] = static_cast<int>(steps_.size()) - 1;
    order_.push_back(shapes.id);
  }
  if (output_step_ < 0) throw std::invalid_argument("the graph has no Output block");
  // Free each intermediate value right after its last reader, so a forward pass holds only
  // what autograd needs.
  std::map<int, int> last_reader;
  for (int s = 0; s < static_cast<int>(steps_.size()); ++s) {
    for (int input : steps_[s].inputs) last_reader[input] = s;
  }
  for (auto [slot, reader] : last_reader) steps_[reader].release_after.push_back(slot);
}

void GraphModuleImpl::add_step(const Graph& graph, const Block& block, const BlockAnalysis& shapes,
                               const std::map<std::string, int>& slot_of) {
  if (block.id.find('.') != std::string::npos) {
    throw std::invalid_argument("block id '" + block.id + "' may not contain '.'");
  }
  Step step;
  step.id = block.id;
  for (const Connection& wire : graph.inputs_of(block.id))
    step.inputs.push_back(slot_of.at(wire.from));
  const std::string& type = block.type;
  const TensorShape in = shapes.input_shapes.empty() ? TensorShape{} : shapes.input_shapes[0];
  auto layer = [&](torch::nn::AnyModule module, auto holder) {
    register_module(block.id, holder);
    step.layer = std::move(module);
  };
  if (type == "Input") {
    step.op = Op::Input;
  } else if (type == "Conv2d") {
    auto conv = make_conv(block, in.channels());
    layer(conv, conv.ptr());
  } else if (type == "BatchNorm2d") {
    torch::nn::BatchNorm2d bn(torch::nn::BatchNorm2dOptions(in.channels())
                                  .eps(block.float_param("eps"))
                                  .momentum(block.float_param("momentum")));
    layer(torch::nn::AnyModule(bn), bn.ptr());
  } else if (type == "MaxPool2d") {
    torch::nn::MaxPool2d pool(torch::nn::MaxPool2dOptions(block.int_param("kernel"))
                                  .stride(pool_stride(block))
                                  .padding(block.int_param("padding")));
    layer(torch::nn::AnyModule(pool), pool.ptr());
  } else if (type == "AvgPool2d") {
    torch::nn::AvgPool2d pool(torch::nn::AvgPool2dOptions(block.int_param("kernel"))
                                  .stride(pool_stride(block))
                                  .padding(block.int_param("padding")));
    layer(torch::nn::AnyModule(pool), pool.ptr());
  } else if (type == "AdaptiveAvgPool2d") {
    torch::nn::AdaptiveAvgPool2d pool(
        torch::nn::AdaptiveAvgPool2dOptions(block.int_param("output_size")));
    layer(torch::nn::AnyModule(pool), pool.ptr());
  } else if (type == "Linear" || type == "Output") {
    const std::int64_t out =
        type == "Linear" ? block.int_param("out_features") : block.int_param("classes");
    torch::nn::Linear linear(torch::nn::LinearOptions(in.element_count(), out)
                                 .bias(type == "Output" || block.bool_param("bias")));
    layer(torch::nn::AnyModule(linear), linear.ptr());
    if (type == "Output") {
      softmax_for_inference_ = block.bool_param("softmax");
      output_step_ = static_cast<int>(steps_.size());
    }
  } else if (type == "ReLU") {
    step.op = Op::ReLU;
  } else if (type == "LeakyReLU") {
    step.op = Op::LeakyReLU;
    step.scalar = block.float_param("negative_slope");
  } else if (type == "GELU") {
    step.op = Op::GELU;
  } else if (type == "SiLU") {
    step.op = Op::SiLU;
  } else if (type == "Sigmoid") {
    step.op = Op::Sigmoid;
  } else if (type == "Tanh") {
    step.op = Op::Tanh;
  } else if (type == "Dropout" || type == "Dropout2d") {
    step.op = type == "Dropout" ? Op::Dropout : Op::Dropout2d;
    step.scalar = block.float_param("p");
  } else if (type == "Flatten") {
    step.op = Op::Flatten;
  } else if (type == "Add") {
    step.op = Op::Add;
  } else if (type == "Concat") {
    step.op = Op::Concat;
  } else {
    throw std::invalid_argument("no builder for block type " + type);
  }
  steps_.push_back(std::move(step));
}

torch::Tensor GraphModuleImpl::run_step(Step& step, const std::vector<torch::Tensor>& values) {
  auto in = [&](std::size_t port) -> const torch::Tensor& { return values[step.inputs[port]]; };
  switch (step.op) {
    case Op::Input:
      return {};  // filled in by run()
    case Op::Layer:
      return step.layer.forward(in(0));
    case Op::ReLU:
      return torch::relu(in(0));
    case Op::LeakyReLU:
      return torch::leaky_relu(in(0), step.scalar);
    case Op::GELU:
      return torch::gelu(in(0));
    case Op::SiLU:
      return torch::silu(in(0));
    case Op::Sigmoid:
      return torch::sigmoid(in(0));
    case Op::Tanh:
      return torch::tanh(in(0));
    case Op::Dropout:
      return torch::dropout(in(0), step.scalar, is_training());
    case Op::Dropout2d:
      return torch::feature_dropout(in(0), step.scalar, is_training());
    case Op::Flatten:
      return in(0).flatten(1);
    case Op::Add: {
      torch::Tensor sum = in(0) + in(1);
      for (std::size_t port = 2; port < step.inputs.size(); ++port) sum = sum + in(port);
      return sum;
    }
    case Op::Concat: {
      std::vector<torch::Tensor> parts;
      for (std::size_t port = 0; port < step.inputs.size(); ++port) parts.push_back(in(port));
      return torch::cat(parts, 1);
    }
  }
  throw std::logic_error("unhandled block operation");
}

torch::Tensor GraphModuleImpl::run(torch::Tensor input, std::map<std::string, torch::Tensor>* all) {
  std::vector<torch::Tensor> values(steps_.size());
  torch::Tensor output;
  for (std::size_t s = 0; s < steps_.size(); ++s) {
    Step& step = steps_[s];
    values[s] = step.op == Op::Input ? input : run_step(step, values);
    if (static_cast<int>(s) == output_step_) output = values[s];
    if (all != nullptr) (*all)[step.id] = values[s];
    for (int slot : step.release_after) values[slot] = torch::Tensor();
  }
  return output;
}

torch::Tensor GraphModuleImpl::forward(torch::Tensor input) {
  return run(std::move(input), nullptr);
}

torch::Tensor GraphModuleImpl::predict(torch::Tensor input, double temperature) {
  torch::Tensor logits = forward(std::move(input));
  if (!softmax_for_inference_) return logits;
  return torch::softmax(logits / temperature, 1);
}

std::map<std::string, torch::Tensor> GraphModuleImpl::forward_all(torch::Tensor input) {
  std::map<std::string, torch::Tensor> all;
  run(std::move(input), &all);
  return all;
}

std::int64_t GraphModuleImpl::parameter_count() const {
  std::int64_t count = 0;
  for (const auto& p : parameters()) count += p.numel();
  return count;
}

}  // namespace convstudio
