#pragma once
// The importer's weights without a project: what set_project_weights takes from an ONNX model.
// Internal to the engine.

#include <filesystem>

#include "convstudio/result.h"
#include "train/module_tensors.h"

namespace convstudio::onnx_import {

// The model's tensors named after the blocks an import would make; an error lists every node
// that cannot be imported.
Result<NamedTensors> onnx_model_weights(const std::filesystem::path& model);

}  // namespace convstudio::onnx_import
