#pragma once
// `convstudio-cli --version`: ConvStudio, LibTorch, CUDA, cuDNN, OpenCV and Qt versions.

#include <ostream>

namespace convstudio::cli {

int print_versions(std::ostream& out);

}  // namespace convstudio::cli
