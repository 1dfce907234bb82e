#include "checkpoint_keeper.h"

#include <filesystem>

#include "runs/checkpoint_files.h"
#include "runs/engine_messages.h"

namespace convstudio {

CheckpointKeeper::CheckpointKeeper(std::string out_dir, bool writes_files)
    : out_dir_(std::move(out_dir)), writes_(writes_files) {}

std::string CheckpointKeeper::save(const std::string& folder, const torch::nn::Module& model,
                                   const torch::optim::Optimizer& optimizer, CheckpointState state,
                                   RunLog& log) {
  save_error_.reset();
  state.metrics = {{"epochs", history_}, {"best_accuracy", best_accuracy_}};
  const std::int64_t step = state.global_step;
  const std::filesystem::path dir = std::filesystem::path(out_dir_) / folder;
  const CheckpointData data = capture_checkpoint(model, optimizer, std::move(state));
  if (auto error = convstudio::save_checkpoint(dir, data)) {
    log.write(LogLevel::Warning, {messages::kCheckpointNotSaved, {error->describe()}});
    save_error_ = std::move(error);
    return {};
  }
  if (folder == kLastCheckpointFolder) last_saved_step_ = step;
  return dir.string();
}

bool CheckpointKeeper::record_epoch(nlohmann::json figures, double accuracy) {
  history_.push_back(std::move(figures));
  if (!(accuracy > best_accuracy_)) return false;  // a NaN accuracy is never the best
  best_accuracy_ = accuracy;
  return true;
}

void CheckpointKeeper::restore(const nlohmann::json& metrics) {
  if (metrics.contains("epochs")) history_ = metrics["epochs"];
  if (metrics.contains("best_accuracy")) best_accuracy_ = metrics["best_accuracy"].get<double>();
}

}  // namespace convstudio
