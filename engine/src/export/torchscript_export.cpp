#include "export/torchscript_export.h"

#include <sstream>

#include "blocks/block_model.h"
#include "blocks/block_torch.h"
#include "blocks/python_literals.h"
#include "convstudio/io/atomic_write.h"

namespace convstudio {
namespace {

// Modules built in C++ lack the `training` attribute Python's nn.Module has; eval(), dropout's
// self.training and torch.jit.load in Python all expect it.
void add_training_flag(torch::jit::Module& module) {
  module.register_attribute("training", c10::BoolType::get(), true);
}

}  // namespace

std::string TorchScriptExport::forward_code(const TrainedModel& model) {
  std::ostringstream code;
  code << "def forward(self, x):\n";
  std::string result;
  for (const BlockAnalysis& shapes : model.analysis.blocks) {
    const Block& block = *model.graph.find_block(shapes.id);
    std::vector<std::string> in;
    for (const Connection& wire : model.graph.inputs_of(block.id))
      in.push_back(python_value_name(wire.from));
    code << "    " << python_value_name(block.id) << " = "
         << blocks::block_torch(block.type).torchscript(block, in) << "\n";
    if (blocks::is_model_output(block)) result = python_value_name(block.id);
  }
  code << "    return " << result << "\n";
  return code.str();
}

torch::jit::Module TorchScriptExport::build(const TrainedModel& model) {
  torch::jit::Module module(c10::QualifiedName("convstudio.ConvStudioModel"));
  add_training_flag(module);
  for (const BlockAnalysis& shapes : model.analysis.blocks) {
    const Block& block = *model.graph.find_block(shapes.id);
    const blocks::BlockTorch& torch_half = blocks::block_torch(block.type);
    if (torch_half.tensors == nullptr) continue;
    // A block owning no tensors in its present form (a pass-through Output) gets no child.
    const std::vector<blocks::BlockTensor> tensors = torch_half.tensors(block, shapes);
    if (tensors.empty()) continue;
    torch::jit::Module child(c10::QualifiedName("convstudio.blocks." + block.id));
    add_training_flag(child);
    for (const blocks::BlockTensor& tensor : tensors) {
      torch::Tensor value = model.tensor(block.id, tensor.name).clone();
      if (tensor.buffer) {
        child.register_buffer(tensor.name, value);
      } else {
        child.register_parameter(tensor.name, value.set_requires_grad(true), false);
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
