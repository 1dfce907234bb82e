#include "export/torchscript_export.h"

#include <sstream>

#include "convstudio/io/atomic_write.h"
#include "export/python_literals.h"

namespace convstudio {
namespace {

std::string value_of(const std::string& id) {
  return "v_" + id;
}

// The parameter and buffer names of each weighted block type, as torch::nn registers them.
std::vector<std::string> tensor_names(const Block& block) {
  if (block.type == "Conv2d" || block.type == "Linear") {
    if (block.bool_param("bias")) return {"weight", "bias"};
    return {"weight"};
  }
  if (block.type == "Output") return {"weight", "bias"};
  if (block.type == "BatchNorm2d") {
    return {"weight", "bias", "running_mean", "running_var", "num_batches_tracked"};
  }
  return {};
}

// Modules built in C++ lack the `training` attribute Python's nn.Module has; eval(), dropout's
// self.training and torch.jit.load in Python all expect it.
void add_training_flag(torch::jit::Module& module) {
  module.register_attribute("training", c10::BoolType::get(), true);
}

bool is_buffer(const std::string& name) {
  return name == "running_mean" || name == "running_var" || name == "num_batches_tracked";
}

std::string call(const Block& block, const std::vector<std::string>& in) {
  const std::string self = "self." + block.id + ".";
  const std::string& type = block.type;
  auto pair = [](std::int64_t v) { return python_ints({v, v}); };
  if (type == "Conv2d") {
    const std::string bias = block.bool_param("bias") ? self + "bias" : "None";
    const std::string padding = block.choice_param("padding_mode") == "same"
                                    ? "\"same\""
                                    : pair(block.int_param("padding"));
    return "torch.conv2d(" + in[0] + ", " + self + "weight, " + bias + ", " +
           pair(block.int_param("stride")) + ", " + padding + ", " +
           pair(block.int_param("dilation")) + ", " + std::to_string(block.int_param("groups")) +
           ")";
  }
  if (type == "BatchNorm2d") {
    return "torch.batch_norm(" + in[0] + ", " + self + "weight, " + self + "bias, " + self +
           "running_mean, " + self + "running_var, False, " +
           python_float(block.float_param("momentum")) + ", " +
           python_float(block.float_param("eps")) + ", False)";
  }
  if (type == "Linear" || type == "Output") {
    const std::string bias = type == "Output" || block.bool_param("bias") ? self + "bias" : "None";
    return "torch.linear(" + in[0] + ", " + self + "weight, " + bias + ")";
  }
  if (type == "MaxPool2d" || type == "AvgPool2d") {
    const std::int64_t k = block.int_param("kernel");
    const std::int64_t stride = block.int_param("stride") == 0 ? k : block.int_param("stride");
    const std::string common =
        in[0] + ", " + pair(k) + ", " + pair(stride) + ", " + pair(block.int_param("padding"));
    if (type == "MaxPool2d") return "torch.max_pool2d(" + common + ", [1, 1], False)";
    return "torch.avg_pool2d(" + common + ", False, True, None)";
  }
  if (type == "AdaptiveAvgPool2d") {
    return "torch.adaptive_avg_pool2d(" + in[0] + ", " + pair(block.int_param("output_size")) + ")";
  }
  if (type == "ReLU") return "torch.relu(" + in[0] + ")";
  if (type == "LeakyReLU") {
    return "torch.leaky_relu(" + in[0] + ", " + python_float(block.float_param("negative_slope")) +
           ")";
  }
  if (type == "GELU") return "torch.gelu(" + in[0] + ")";
  if (type == "SiLU") return "torch.silu(" + in[0] + ")";
  if (type == "Sigmoid") return "torch.sigmoid(" + in[0] + ")";
  if (type == "Tanh") return "torch.tanh(" + in[0] + ")";
  if (type == "Dropout" || type == "Dropout2d") {
    return std::string(type == "Dropout" ? "torch.dropout(" : "torch.feature_dropout(") + in[0] +
           ", " + python_float(block.float_param("p")) + ", self.training)";
  }
  if (type == "Flatten") return "torch.flatten(" + in[0] + ", 1)";
  if (type == "Add") return python_sum(in);
  if (type == "Concat") return python_channel_cat(in);
  throw std::invalid_argument("no TorchScript mapping for block type " + type);
}

}  // namespace

std::string TorchScriptExport::forward_code(const TrainedModel& model) {
  std::ostringstream code;
  code << "def forward(self, x):\n";
  std::string result;
  for (const BlockAnalysis& shapes : model.analysis.blocks) {
    const Block& block = *model.graph.find_block(shapes.id);
    if (block.type == "Input") {
      code << "    " << value_of(block.id) << " = x\n";
      continue;
    }
    std::vector<std::string> in;
    for (const Connection& wire : model.graph.inputs_of(block.id))
      in.push_back(value_of(wire.from));
    code << "    " << value_of(block.id) << " = " << call(block, in) << "\n";
    if (block.type == "Output") result = value_of(block.id);
  }
  code << "    return " << result << "\n";
  return code.str();
}

torch::jit::Module TorchScriptExport::build(const TrainedModel& model) {
  torch::jit::Module module(c10::QualifiedName("convstudio.ConvStudioModel"));
  add_training_flag(module);
  for (const BlockAnalysis& shapes : model.analysis.blocks) {
    const Block& block = *model.graph.find_block(shapes.id);
    const std::vector<std::string> names = tensor_names(block);
    if (names.empty()) continue;
    torch::jit::Module child(c10::QualifiedName("convstudio.blocks." + block.id));
    add_training_flag(child);
    for (const std::string& name : names) {
      torch::Tensor value = model.tensor(block.id, name).clone();
      if (is_buffer(name)) {
        child.register_buffer(name, value);
      } else {
        child.register_parameter(name, value.set_requires_grad(true), false);
      }
    }
    module.register_module(block.id, child);
  }
  module.define(forward_code(model));
  module.eval();
  return module;
}

std::optional<Error> TorchScriptExport::write(const TrainedModel& model,
                                              const std::filesystem::path& file) {
  try {
    torch::jit::Module module = build(model);
    torch::jit::ExtraFilesMap extra{{kTorchScriptContractFile, model.contract.to_json().dump(2)}};
    // Saved into memory, then written whole: a failed write never leaves half a .pt behind.
    std::ostringstream bytes;
    module.save(bytes, extra);
    return write_file_atomically(file, bytes.str());
  } catch (const c10::Error& error) {
    return Error::in_file(file.string(), error.what_without_backtrace());
  } catch (const std::exception& error) {
    return Error::in_file(file.string(), error.what());
  }
}

}  // namespace convstudio
