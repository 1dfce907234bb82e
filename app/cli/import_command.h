#pragma once
// `convstudio-cli import MODEL.onnx --out P.convstudio`: an ONNX classifier becomes a project
// with its weights as the starting weights, or every node that cannot be imported is listed.
// `convstudio-cli weights P.convstudio --from FILE`: a project's starting weights from a
// checkpoint, a safetensors file named by block id, or an ONNX model.

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_import_command(CLI::App& app, int& exit_code);
void add_weights_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
