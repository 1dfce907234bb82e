#pragma once
// Which Python the exports that need one run (the int8 measurement in onnxruntime, torch.export
// for .pt2): the one the user named (--python, the studio's setting), else $CONVSTUDIO_PYTHON,
// else python3 on PATH. One rule for every caller.

#include <string>
#include <vector>

namespace convstudio {

// The Pythons to try, in order: `chosen` alone when given; else $CONVSTUDIO_PYTHON (when set)
// and python3.
std::vector<std::string> python_candidates(const std::string& chosen);

// The first of python_candidates(chosen).
std::string python_to_use(const std::string& chosen);

}  // namespace convstudio
