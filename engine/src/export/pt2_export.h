#pragma once
// The .pt2 forms of a trained model (ExportedProgram, AOTInductor package), written by a Python
// with torch from the generated PyTorch code and the weights, into a temporary name beside `out`
// that is renamed over it only when whole.

#include <filesystem>
#include <optional>
#include <string>

#include "convstudio/export/export_format.h"
#include "export/trained_model.h"

namespace convstudio {

// The AOTInductor package's metadata entry holding the preprocessing contract (JSON).
inline constexpr const char* kPt2ContractKey = "convstudio.preprocessing";

class Pt2Export {
 public:
  // `format` is Pt2 or Pt2Aoti; `python` as find_python_torch takes it; `device` the device
  // pt2-aoti compiles for ("cpu", "cuda", "cuda:K": torch's own device strings). A failure in
  // Python names its step, and the block when the generated forward raised it.
  static std::optional<Error> write(const TrainedModel& model, const std::filesystem::path& out,
                                    ExportFormat format, const std::string& python,
                                    const std::string& device = "cpu");
};

}  // namespace convstudio
