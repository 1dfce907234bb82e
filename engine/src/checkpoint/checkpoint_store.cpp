#include "checkpoint_store.h"

#include <fstream>
#include <sstream>

#include "convstudio/io/atomic_write.h"
#include "io/safetensors_io.h"
#include "optimizer_state.h"

namespace convstudio {
namespace fs = std::filesystem;

namespace {

Result<std::string> read_whole_file(const fs::path& file) {
  std::error_code error;
  if (!fs::is_regular_file(file, error)) {
    return Error::in_file(file.string(), "the file is missing from the checkpoint");
  }
  std::ifstream stream(file, std::ios::binary);
  std::ostringstream bytes;
  if (!(stream && bytes << stream.rdbuf())) {
    // An empty file also lands here: operator<< fails when it copies nothing.
    return Error::in_file(file.string(), "the file is empty or cannot be read");
  }
  return std::move(bytes).str();
}

}  // namespace

CheckpointData capture_checkpoint(const torch::nn::Module& model,
                                  const torch::optim::Optimizer& optimizer, CheckpointState state) {
  return {extract_named_tensors(model), save_optimizer_state(optimizer), std::move(state)};
}

std::optional<Error> save_checkpoint(const fs::path& dir, const CheckpointData& data) {
  return replace_directory_atomically(dir, [&](const fs::path& staging) -> std::optional<Error> {
    // Errors name the file the user will look for, not the temporary folder it was written in.
    if (auto error = write_file_atomically(staging / kCheckpointOptimizerFile, data.optimizer)) {
      error->file = (dir / kCheckpointOptimizerFile).string();
      return error;
    }
    SafetensorsContent weights{data.model, {{"format", "pt"}, {"producer", "ConvStudio"}}};
    if (auto error = write_safetensors(staging / kCheckpointModelFile, weights)) {
      error->file = (dir / kCheckpointModelFile).string();
      return error;
    }
    if (auto error = write_file_atomically(staging / kCheckpointStateFile,
                                           checkpoint_state_to_json(data.state).dump(2) + "\n")) {
      error->file = (dir / kCheckpointStateFile).string();
      return error;
    }
    return std::nullopt;
  });
}

Result<CheckpointData> load_checkpoint(const fs::path& dir, CheckpointUse use) {
  std::error_code error;
  if (!fs::exists(dir, error)) {
    return Error::in_file(dir.string(), "the checkpoint does not exist");
  }
  if (!fs::is_directory(dir, error)) {
    return Error::in_file(dir.string(),
                          "not a checkpoint folder (a checkpoint is a NAME.ckpt folder)");
  }

  CheckpointData data;
  const fs::path state_file = dir / kCheckpointStateFile;
  auto state_text = read_whole_file(state_file);
  if (!state_text) return state_text.error();
  nlohmann::json state_json;
  try {
    state_json = nlohmann::json::parse(state_text.value());
  } catch (const nlohmann::json::parse_error& parse_error) {
    return Error::at_byte(state_file.string(), parse_error.byte > 0 ? parse_error.byte - 1 : 0,
                          std::string("not valid JSON: ") + parse_error.what());
  } catch (const nlohmann::json::exception& refused) {
    // Valid syntax the parser still refuses, such as a number too large for a double (1e999).
    return Error::in_file(state_file.string(), std::string("not valid JSON: ") + refused.what());
  }
  auto state = checkpoint_state_from_json(state_json, state_file.string());
  if (!state) return state.error();
  data.state = std::move(state).value();

  auto weights = read_safetensors(dir / kCheckpointModelFile);
  if (!weights) return weights.error();
  data.model = std::move(weights.value().tensors);

  if (use == CheckpointUse::Weights) return data;
  const fs::path optimizer_file = dir / kCheckpointOptimizerFile;
  const fs::path legacy_file = dir / kLegacyCheckpointOptimizerFile;
  std::error_code missing;
  if (!fs::exists(optimizer_file, missing) && fs::is_regular_file(legacy_file, missing)) {
    // A checkpoint from before optimizer.safetensors: read to resume, and said so (the run logs
    // it), since LibTorch's unpickler is only meant for files one trusts.
    auto legacy = read_whole_file(legacy_file);
    if (!legacy) return legacy.error();
    data.optimizer = std::move(legacy).value();
    data.legacy_optimizer = true;
    return data;
  }
  auto optimizer = read_whole_file(optimizer_file);
  if (!optimizer) return optimizer.error();
  if (auto problem = check_optimizer_state(optimizer.value(), optimizer_file.string())) {
    return *problem;
  }
  data.optimizer = std::move(optimizer).value();
  return data;
}

std::optional<Error> apply_checkpoint(const CheckpointData& data, torch::nn::Module& model,
                                      torch::optim::Optimizer& optimizer, const fs::path& dir) {
  if (auto error = apply_named_tensors(model, data.model, (dir / kCheckpointModelFile).string())) {
    return error;
  }
  std::optional<torch::Device> device;
  auto parameters = model.parameters();
  if (!parameters.empty()) device = parameters.front().device();
  if (data.legacy_optimizer) {
    return load_legacy_optimizer_state(optimizer, data.optimizer,
                                       (dir / kLegacyCheckpointOptimizerFile).string(), device);
  }
  return load_optimizer_state(optimizer, data.optimizer, (dir / kCheckpointOptimizerFile).string(),
                              device);
}

Error checkpoint_project_error(Error error, const std::filesystem::path& dir) {
  error.file = (dir / kCheckpointStateFile).string();
  if (!error.field.empty()) error.field = "config.project." + error.field;
  // A line and column would count in the project's own text, not in state.json.
  error.line = 0;
  error.column = 0;
  error.message = "its project: " + error.message;
  return error;
}

}  // namespace convstudio
