#pragma once
// Reads an ONNX file into an OnnxModelView: checks the opset, loads initializers stored in the
// file or in external data files beside it (PyTorch writes NAME.onnx.data), and Constant nodes.
// The only importer file that includes the ONNX protobuf classes. Internal to the engine.

#include <filesystem>

#include "convstudio/result.h"
#include "import/onnx_model_view.h"

namespace convstudio::onnx_import {

// The oldest and newest default-domain opsets the importer takes (the newest is what the ONNX
// library it was built with knows).
inline constexpr std::int64_t kOldestOpset = 11;
std::int64_t newest_opset();

Result<OnnxModelView> read_onnx_file(const std::filesystem::path& file);

}  // namespace convstudio::onnx_import
