#pragma once
// `convstudio-cli export`: a checkpoint to TorchScript, ONNX, native safetensors + graph JSON or
// PyTorch code, after the compatibility check has mapped every block.

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_export_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
