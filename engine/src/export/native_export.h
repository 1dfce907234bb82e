#pragma once
// The native form of a trained model: weights in safetensors whose metadata carries the graph
// and the preprocessing contract, plus the same graph as readable JSON beside it. Reading it back
// parses data only (no pickle, no code), with the safetensors header and extents checked.

#include <filesystem>
#include <optional>

#include "export/trained_model.h"

namespace convstudio {

inline constexpr char kNativeModelFormat[] = "convstudio-model";
inline constexpr int kNativeModelVersion = 1;

class NativeExport {
 public:
  // Writes `weights` (.safetensors) and, when `graph_json` is not empty, the JSON description.
  static std::optional<Error> write(const TrainedModel& model, const std::filesystem::path& weights,
                                    const std::filesystem::path& graph_json);
  // Reads a .safetensors written by write(): refuses files without our metadata, graphs that
  // do not infer and tensors that do not fit the graph, naming the file.
  static Result<TrainedModel> read(const std::filesystem::path& weights);
};

}  // namespace convstudio
