#include "recomputed_block.h"

#include <ATen/autocast_mode.h>
#include <ATen/core/Generator.h>

#include <cstdint>
#include <mutex>

namespace convstudio {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

// What the forward ran under, so the recomputation runs the same way.
struct ForwardConditions {
  const RecomputedSegment* segment = nullptr;
  bool training = false;
  c10::DeviceType device_type = c10::DeviceType::CPU;
  bool autocast = false;
  at::ScalarType autocast_dtype = at::kFloat;
};

at::Generator generator_for(c10::DeviceType device_type) {
  return at::globalContext().defaultGenerator(c10::Device(device_type));
}

torch::Tensor generator_state(at::Generator& generator) {
  std::lock_guard<std::mutex> lock(generator.mutex());
  return generator.get_state();
}

void set_generator_state(at::Generator& generator, const torch::Tensor& state) {
  std::lock_guard<std::mutex> lock(generator.mutex());
  generator.set_state(state);
}

// Autocast as the forward had it, for the recomputation's scope.
class SameAutocast {
 public:
  explicit SameAutocast(const ForwardConditions& at_forward)
      : device_type_(at_forward.device_type),
        previous_enabled_(at::autocast::is_autocast_enabled(device_type_)),
        previous_dtype_(at::autocast::get_autocast_dtype(device_type_)) {
    at::autocast::set_autocast_dtype(device_type_, at_forward.autocast_dtype);
    at::autocast::set_autocast_enabled(device_type_, at_forward.autocast);
  }
  ~SameAutocast() {
    if (previous_enabled_ != at::autocast::is_autocast_enabled(device_type_)) {
      at::autocast::clear_cache();
    }
    at::autocast::set_autocast_enabled(device_type_, previous_enabled_);
    at::autocast::set_autocast_dtype(device_type_, previous_dtype_);
  }
  SameAutocast(const SameAutocast&) = delete;
  SameAutocast& operator=(const SameAutocast&) = delete;

 private:
  c10::DeviceType device_type_;
  bool previous_enabled_;
  at::ScalarType previous_dtype_;
};

std::vector<torch::Tensor> parameters_needing_grad(const RecomputedSegment& segment) {
  std::vector<torch::Tensor> result;
  for (const auto& module : segment.modules) {
    for (const torch::Tensor& parameter : module->parameters()) {
      if (parameter.requires_grad()) result.push_back(parameter);
    }
  }
  return result;
}

class RecomputeInBackward : public torch::autograd::Function<RecomputeInBackward> {
 public:
  // `conditions` is the address of a ForwardConditions on the caller's stack: read here only.
  // The inputs and parameters are the function's tensor arguments, so autograd hands their
  // gradients back to them (and accumulates the parameters' into .grad).
  static variable_list forward(AutogradContext* ctx, std::int64_t conditions, at::TensorList inputs,
                               at::TensorList parameters) {
    const auto& at_forward = *reinterpret_cast<const ForwardConditions*>(conditions);
    // Autograd records nothing here (Function::apply runs forward with grad mode off): the
    // block's intermediate tensors are freed as soon as its output is computed.
    at::Generator generator = generator_for(at_forward.device_type);
    ctx->saved_data["rng_state"] = generator_state(generator);
    ctx->saved_data["segment"] = reinterpret_cast<std::int64_t>(at_forward.segment);
    ctx->saved_data["training"] = at_forward.training;
    ctx->saved_data["device_type"] = static_cast<std::int64_t>(at_forward.device_type);
    ctx->saved_data["autocast"] = at_forward.autocast;
    ctx->saved_data["autocast_dtype"] = static_cast<std::int64_t>(at_forward.autocast_dtype);
    ctx->saved_data["inputs"] = static_cast<std::int64_t>(inputs.size());
    std::vector<torch::Tensor> saved(inputs.begin(), inputs.end());
    saved.insert(saved.end(), parameters.begin(), parameters.end());
    ctx->save_for_backward(saved);
    const std::vector<torch::Tensor> input_list(inputs.begin(), inputs.end());
    return at_forward.segment->forward(input_list, at_forward.training);
  }

  static variable_list backward(AutogradContext* ctx, variable_list grad_outputs) {
    ForwardConditions at_forward;
    at_forward.segment =
        reinterpret_cast<const RecomputedSegment*>(ctx->saved_data["segment"].toInt());
    at_forward.training = ctx->saved_data["training"].toBool();
    at_forward.device_type = static_cast<c10::DeviceType>(ctx->saved_data["device_type"].toInt());
    at_forward.autocast = ctx->saved_data["autocast"].toBool();
    at_forward.autocast_dtype =
        static_cast<at::ScalarType>(ctx->saved_data["autocast_dtype"].toInt());
    const auto input_count = static_cast<std::size_t>(ctx->saved_data["inputs"].toInt());
    const variable_list saved = ctx->get_saved_variables();

    std::vector<torch::Tensor> inputs;  // detached: the recomputed graph ends here
    std::vector<torch::Tensor> wrt;     // what the gradients are taken with respect to
    std::vector<int> wrt_index(saved.size(), -1);
    for (std::size_t i = 0; i < saved.size(); ++i) {
      torch::Tensor tensor = saved[i];
      if (i < input_count) {
        tensor = tensor.detach().requires_grad_(saved[i].requires_grad());
        inputs.push_back(tensor);
      }
      if (tensor.requires_grad()) {
        wrt_index[i] = static_cast<int>(wrt.size());
        wrt.push_back(tensor);
      }
    }

    std::vector<torch::Tensor> grads;
    {
      // The same random numbers as the forward drew, and the generator left where it was.
      at::Generator generator = generator_for(at_forward.device_type);
      const torch::Tensor now = generator_state(generator);
      set_generator_state(generator, ctx->saved_data["rng_state"].toTensor());
      // The forward already updated the buffers (BatchNorm's running statistics): keep that.
      std::vector<std::pair<torch::Tensor, torch::Tensor>> buffers;
      {
        torch::NoGradGuard no_grad;
        for (const auto& module : at_forward.segment->modules) {
          for (torch::Tensor& buffer : module->buffers()) {
            buffers.emplace_back(buffer, buffer.clone());
          }
        }
      }
      std::vector<torch::Tensor> outputs;
      {
        torch::AutoGradMode grad(true);
        SameAutocast autocast(at_forward);
        outputs = at_forward.segment->forward(inputs, at_forward.training);
      }
      // Only the outputs that were used downstream carry a gradient back.
      std::vector<torch::Tensor> used_outputs;
      std::vector<torch::Tensor> used_grads;
      for (std::size_t i = 0; i < outputs.size() && i < grad_outputs.size(); ++i) {
        if (!grad_outputs[i].defined() || !outputs[i].requires_grad()) continue;
        used_outputs.push_back(outputs[i]);
        used_grads.push_back(grad_outputs[i]);
      }
      if (!wrt.empty() && !used_outputs.empty()) {
        grads = torch::autograd::grad(used_outputs, wrt, used_grads, /*retain_graph=*/false,
                                      /*create_graph=*/false, /*allow_unused=*/true);
      }
      // Only now: the recomputed graph saved the buffers (batch_norm keeps its running
      // statistics for backward), and writing them before it ran would fail its version check.
      {
        torch::NoGradGuard no_grad;
        for (auto& [buffer, before] : buffers) buffer.copy_(before);
      }
      set_generator_state(generator, now);
    }

    // One gradient per forward argument: none for `conditions`, then the inputs, then the
    // parameters, in order.
    variable_list result{torch::Tensor()};
    for (std::size_t i = 0; i < saved.size(); ++i) {
      result.push_back(wrt_index[i] >= 0 && !grads.empty() ? grads[wrt_index[i]] : torch::Tensor());
    }
    return result;
  }
};

}  // namespace

std::vector<torch::Tensor> run_recomputed_in_backward(const RecomputedSegment& segment,
                                                      const std::vector<torch::Tensor>& inputs,
                                                      bool training) {
  const std::vector<torch::Tensor> parameters = parameters_needing_grad(segment);
  bool needs_grad = torch::GradMode::is_enabled() && !parameters.empty();
  for (const torch::Tensor& input : inputs) {
    needs_grad = needs_grad || (torch::GradMode::is_enabled() && input.requires_grad());
  }
  if (!needs_grad || inputs.empty()) return segment.forward(inputs, training);

  ForwardConditions conditions;
  conditions.segment = &segment;
  conditions.training = training;
  conditions.device_type = inputs.front().device().type();
  conditions.autocast = at::autocast::is_autocast_enabled(conditions.device_type);
  conditions.autocast_dtype = at::autocast::get_autocast_dtype(conditions.device_type);
  return RecomputeInBackward::apply(reinterpret_cast<std::int64_t>(&conditions),
                                    at::TensorList(inputs), at::TensorList(parameters));
}

}  // namespace convstudio
