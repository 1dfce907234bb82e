#include "convstudio/export/python_torch.h"

#include <torch/headeronly/version.h>

#include <cstdio>

#include "convstudio/remote/process_runner.h"
#include "export/python_interpreter.h"

namespace convstudio {
namespace {

// major and minor of "2.14.1+cu130"; {0, 0} when unreadable.
std::pair<int, int> major_minor(std::string_view version) {
  int major = 0;
  int minor = 0;
  if (std::sscanf(std::string(version).c_str(), "%d.%d", &major, &minor) != 2) return {0, 0};
  return {major, minor};
}

std::string what_to_install(ExportFormat format) {
  const std::string exact = std::to_string(TORCH_VERSION_MAJOR) + "." +
                            std::to_string(TORCH_VERSION_MINOR) + "." +
                            std::to_string(TORCH_VERSION_PATCH);
  return format == ExportFormat::Pt2Aoti
             ? "install torch==" + exact + " (pip install torch==" + exact +
                   ") and a C++ compiler, then pass --python or set CONVSTUDIO_PYTHON to that "
                   "Python"
             : "install torch 2.6 or newer (pip install torch==" + exact +
                   "), then pass --python or set CONVSTUDIO_PYTHON to that Python";
}

}  // namespace

std::string libtorch_version() {
  return std::to_string(TORCH_VERSION_MAJOR) + "." + std::to_string(TORCH_VERSION_MINOR) + "." +
         std::to_string(TORCH_VERSION_PATCH);
}

std::string torch_version_problem(ExportFormat format, std::string_view version) {
  const auto [major, minor] = major_minor(version);
  if (format == ExportFormat::Pt2Aoti) {
    if (major == TORCH_VERSION_MAJOR && minor == TORCH_VERSION_MINOR) return {};
    return "torch " + std::string(version) + " writes AOTInductor packages that LibTorch " +
           libtorch_version() + " cannot load: the package's compiled code calls the C shim of " +
           "the torch that compiled it, so it must be " + std::to_string(TORCH_VERSION_MAJOR) +
           "." + std::to_string(TORCH_VERSION_MINOR) + ".x";
  }
  if (major > 2 || (major == 2 && minor >= 6)) return {};
  return "torch " + std::string(version) +
         " is older than 2.6, before torch.export's dynamic shapes and save/load were stable";
}

Result<PythonTorch> find_python_torch(ExportFormat format, const std::string& chosen) {
  std::string tried;
  for (const std::string& python : python_candidates(chosen)) {
    if (!tried.empty()) tried += "; ";
    Result<ProcessOutput> ran =
        run_process({python, "-c", "import torch; print(torch.__version__)"});
    if (!ran) {
      tried += python + ": cannot start it";
      continue;
    }
    if (!ran.value().ok()) {
      tried += python + ": no torch";
      continue;
    }
    std::string version = ran.value().out;
    while (!version.empty() && (version.back() == '\n' || version.back() == '\r')) {
      version.pop_back();
    }
    if (const std::string problem = torch_version_problem(format, version); !problem.empty()) {
      tried += python + ": " + problem;
      continue;
    }
    return PythonTorch{python, version};
  }
  return Error::in_setting("python", "no Python with a fitting torch to write " +
                                         std::string(export_format_name(format)) + " (tried " +
                                         tried + "): " + what_to_install(format));
}

}  // namespace convstudio
