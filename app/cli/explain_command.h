#pragma once
// `convstudio-cli explain`: Grad-CAM, Grad-CAM++, occlusion, saliency or feature maps of images at
// a block of a trained model, written as .npy and PNG files, one JSON line per image.

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_explain_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
