#pragma once
// The Python with torch that writes the .pt2 formats (torch.export runs only in Python): where
// it is looked for, and which torch versions each format accepts, measured against the LibTorch
// this build links.

#include <string>
#include <string_view>

#include "convstudio/export/export_format.h"
#include "convstudio/result.h"

namespace convstudio {

struct PythonTorch {
  std::string python;   // the interpreter, as run
  std::string version;  // torch.__version__, "2.14.1+cu130"
};

// This build's LibTorch, "2.14.1".
std::string libtorch_version();

// Why a torch version can or cannot write `format`; empty when it can. pt2 (an ExportedProgram,
// read back by Python's torch.export.load) wants torch 2.6 or newer, where torch.export's
// dynamic shapes and save/load are stable. pt2-aoti wants exactly this build's LibTorch
// major.minor: the package holds a compiled model.so calling LibTorch's AOTI C shim, and the
// loader reads only packages of its own version's layout; a newer torch's code may call shims
// 2.14 lacks, an older one writes another layout.
std::string torch_version_problem(ExportFormat format, std::string_view version);

// The first Python that imports torch of a fitting version: `chosen` (--python, the studio's
// setting) alone when given, else $CONVSTUDIO_PYTHON, else python3 on PATH. When none fits, an
// Error on the setting "python" saying what was tried and what to install.
Result<PythonTorch> find_python_torch(ExportFormat format, const std::string& chosen);

}  // namespace convstudio
