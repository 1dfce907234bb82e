#pragma once
// The importer's weights without a project: what set_project_weights takes from an ONNX model.
// Internal to the engine.

#include <filesystem>

#include "checkpoint/module_tensors.h"
#include "convstudio/result.h"

namespace convstudio::onnx_import {

// The model's tensors named after the blocks an import would make; an error lists every node
// that cannot be imported.
Result<NamedTensors> onnx_model_weights(const std::filesystem::path& model);

}  // namespace convstudio::onnx_import
