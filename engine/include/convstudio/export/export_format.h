#pragma once
// The file formats a trained model can be exported to, by the names the CLI and GUI use.

#include <array>
#include <optional>
#include <string_view>

namespace convstudio {

// torchscript: a scripted module (.pt) for torch.jit.load and torch::jit::load.
// onnx: an ONNX model (.onnx) for onnxruntime, OpenCV DNN and other runtimes.
// safetensors: the native form, graph JSON + weights (.safetensors), loadable without running code.
// python: PyTorch source (.py) rebuilding the graph, with its weights in a .safetensors beside it.
// pt2: a torch.export ExportedProgram (.pt2) for torch.export.load in Python.
// pt2-aoti: an AOTInductor package (.pt2), compiled for the CPU, that LibTorch loads in C++.
enum class ExportFormat { TorchScript, Onnx, Safetensors, Python, Pt2, Pt2Aoti };

// The formats ConvStudio writes itself.
inline constexpr std::array<ExportFormat, 4> kExportFormats = {
    ExportFormat::TorchScript, ExportFormat::Onnx, ExportFormat::Safetensors, ExportFormat::Python};
// The formats written through a Python with torch (torch.export runs only there).
inline constexpr std::array<ExportFormat, 2> kPythonTorchFormats = {ExportFormat::Pt2,
                                                                    ExportFormat::Pt2Aoti};

inline std::string_view export_format_name(ExportFormat format) {
  switch (format) {
    case ExportFormat::TorchScript:
      return "torchscript";
    case ExportFormat::Onnx:
      return "onnx";
    case ExportFormat::Safetensors:
      return "safetensors";
    case ExportFormat::Python:
      return "python";
    case ExportFormat::Pt2:
      return "pt2";
    case ExportFormat::Pt2Aoti:
      return "pt2-aoti";
  }
  return "";
}

// The file name ending a format's main file gets: ".pt", ".onnx", ".safetensors", ".py", ".pt2".
inline std::string_view export_format_extension(ExportFormat format) {
  switch (format) {
    case ExportFormat::TorchScript:
      return ".pt";
    case ExportFormat::Onnx:
      return ".onnx";
    case ExportFormat::Safetensors:
      return ".safetensors";
    case ExportFormat::Python:
      return ".py";
    case ExportFormat::Pt2:
    case ExportFormat::Pt2Aoti:
      return ".pt2";
  }
  return "";
}

inline std::optional<ExportFormat> parse_export_format(std::string_view name) {
  for (ExportFormat format : kExportFormats) {
    if (export_format_name(format) == name) return format;
  }
  for (ExportFormat format : kPythonTorchFormats) {
    if (export_format_name(format) == name) return format;
  }
  return std::nullopt;
}

}  // namespace convstudio
