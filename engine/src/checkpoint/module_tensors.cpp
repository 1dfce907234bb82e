#include "module_tensors.h"

#include <sstream>

namespace convstudio {
namespace {

NamedTensors module_tensors(const torch::nn::Module& module) {
  NamedTensors tensors;
  for (const auto& item : module.named_parameters(/*recurse=*/true)) {
    tensors.emplace(item.key(), item.value());
  }
  for (const auto& item : module.named_buffers(/*recurse=*/true)) {
    tensors.emplace(item.key(), item.value());
  }
  return tensors;
}

std::string shape_text(const torch::Tensor& tensor) {
  std::ostringstream text;
  text << tensor.sizes();
  return text.str();
}

}  // namespace

NamedTensors extract_named_tensors(const torch::nn::Module& module) {
  NamedTensors copies;
  for (const auto& [name, tensor] : module_tensors(module)) {
    copies.emplace(name, tensor.detach().to(torch::kCPU, /*non_blocking=*/false, /*copy=*/true));
  }
  return copies;
}

std::map<std::string, std::vector<std::int64_t>> tensor_shapes(const NamedTensors& tensors) {
  std::map<std::string, std::vector<std::int64_t>> shapes;
  for (const auto& [name, tensor] : tensors) shapes.emplace(name, tensor.sizes().vec());
  return shapes;
}

std::optional<Error> apply_named_tensors(torch::nn::Module& module, const NamedTensors& tensors,
                                         const std::string& source) {
  NamedTensors targets = module_tensors(module);
  // Check everything first so a bad file leaves the model as it was.
  for (const auto& [name, target] : targets) {
    auto found = tensors.find(name);
    if (found == tensors.end()) {
      return Error::in_file(source, "tensor \"" + name + "\" of the model is missing");
    }
    if (found->second.sizes() != target.sizes()) {
      return Error::in_file(source, "tensor \"" + name + "\" has shape " +
                                        shape_text(found->second) + " but the model expects " +
                                        shape_text(target));
    }
    if (found->second.scalar_type() != target.scalar_type()) {
      return Error::in_file(source, "tensor \"" + name + "\" has dtype " +
                                        std::string(c10::toString(found->second.scalar_type())) +
                                        " but the model expects " +
                                        std::string(c10::toString(target.scalar_type())));
    }
  }
  for (const auto& [name, tensor] : tensors) {
    if (!targets.contains(name)) {
      return Error::in_file(
          source, "tensor \"" + name + "\" is not in the model (a different architecture?)");
    }
  }
  torch::NoGradGuard no_grad;
  for (auto& [name, target] : targets) target.copy_(tensors.at(name));
  return std::nullopt;
}

}  // namespace convstudio
