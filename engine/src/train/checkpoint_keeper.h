#pragma once
// Where a run's checkpoints go and what they carry between epochs: "last" and "best" written
// into the out folder (rank 0 alone), the epoch history and best accuracy saved with them, and
// the save errors that fail the run at its end. Internal (LibTorch).

#include <torch/torch.h>

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "checkpoint/checkpoint_store.h"
#include "convstudio/error.h"
#include "run_log.h"

namespace convstudio {

class CheckpointKeeper {
 public:
  // `writes_files`: false for every rank of a data-parallel run but rank 0.
  CheckpointKeeper(std::string out_dir, bool writes_files);

  // Whether this process saves checkpoints at all (an out folder, and rank 0).
  bool writes() const { return writes_ && !out_dir_.empty(); }
  // Saves `state` with the epoch history as OUT/FOLDER (kBestCheckpointFolder or
  // kLastCheckpointFolder); returns its path, or an empty string when the save failed (then
  // with a logged warning, and save_error() says why).
  std::string save(const std::string& folder, const torch::nn::Module& model,
                   const torch::optim::Optimizer& optimizer, CheckpointState state, RunLog& log);
  // One validated epoch's figures join the history; true when `score` (the best_metric's
  // figure: higher is better) is the best so far.
  bool record_epoch(nlohmann::json figures, double score);
  // A best checkpoint that could not be saved fails the run at its end.
  void keep_best_save_error() { best_save_error_ = save_error_; }
  // The history and best accuracy of the checkpoint a run resumes from.
  void restore(const nlohmann::json& metrics);

  const nlohmann::json& history() const { return history_; }
  std::int64_t last_saved_step() const { return last_saved_step_; }  // of the newest "last"
  const std::optional<Error>& save_error() const { return save_error_; }
  const std::optional<Error>& best_save_error() const { return best_save_error_; }

 private:
  std::string out_dir_;
  bool writes_ = true;
  nlohmann::json history_ = nlohmann::json::array();
  double best_accuracy_ = -1;
  std::int64_t last_saved_step_ = -1;
  std::optional<Error> save_error_;       // why the latest save failed
  std::optional<Error> best_save_error_;  // a best checkpoint that could not be saved
};

}  // namespace convstudio
