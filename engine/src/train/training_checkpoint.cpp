// Checkpoints of a TrainingRun: what is saved at a step boundary, and resuming from it.

#include <filesystem>

#include "checkpoint/checkpoint_store.h"
#include "convstudio/model/project_file.h"
#include "training_run.h"

namespace convstudio {

nlohmann::json TrainingRun::run_config() const {
  // The whole project travels with the checkpoint, so `evaluate`, `export` and `predict` need
  // nothing else; so do the preprocessing facts an exported model must repeat.
  // The settings in effect, so a run resumed twice keeps the end it was planned with.
  Project project = options_.project;
  project.training = settings_;
  return {{"project", nlohmann::json::parse(ProjectFile::serialize(project))},
          {"batch_size", batch_size_},
          {"accumulate", accumulate_},
          // A step's batches are counted over all processes: a resume needs as many.
          {"world_size", options_.distributed.world_size},
          {"device", summary_.device},
          // The optimizer's parameter groups follow from these two (see build_optimizer).
          {"pretrained_blocks", pretrained_blocks_},
          {"pretrained_lr_multiplier", pretrained_lr_multiplier_},
          {"input_shape", analysis_.input_shape.dims},
          {"class_names", dataset_.info.class_names},
          {"mean", options_.project.dataset.normalize ? dataset_.info.mean : std::vector<float>{}},
          {"std", options_.project.dataset.normalize ? dataset_.info.std : std::vector<float>{}}};
}

std::string TrainingRun::write_checkpoint(const std::string& folder) {
  // A data-parallel run's ranks hold the same state; rank 0 alone writes it.
  if (options_.out_dir.empty() || !model_ || !options_.distributed.writes_files()) return {};
  save_error_.reset();
  CheckpointState state;
  state.epoch = boundary_.epoch;
  state.step_in_epoch = boundary_.batch_in_epoch;
  state.global_step = global_step_;
  state.config = run_config();
  state.metrics = {{"epochs", epoch_history_}, {"best_accuracy", best_accuracy_}};
  state.schedule = schedule_->state();
  state.scaler = scaler_->state();
  state.rng = boundary_.rng;
  const std::filesystem::path dir = std::filesystem::path(options_.out_dir) / folder;
  const CheckpointData data = capture_checkpoint(**model_, *optimizer_, std::move(state));
  if (auto error = convstudio::save_checkpoint(dir, data)) {
    log(LogLevel::Warning, {messages::kCheckpointNotSaved, {error->describe()}});
    save_error_ = std::move(error);
    return {};
  }
  if (folder == kLastCheckpointFolder) last_saved_step_ = global_step_;
  return dir.string();
}

bool TrainingRun::resume_from_checkpoint() {
  const std::filesystem::path dir(options_.resume_checkpoint);
  Result<CheckpointData> loaded = load_checkpoint(dir, CheckpointUse::Resume);
  if (!loaded) {
    fail(RunErrorKind::Checkpoint, loaded.error(), false);
    return false;
  }
  const CheckpointData& data = loaded.value();
  const nlohmann::json& config = data.state.config;
  // Batches skipped on resume are counted in the batch size the checkpoint was written with
  // (an out-of-memory retry may have halved it).
  if (config.contains("batch_size") && config.contains("accumulate")) {
    const auto saved_batch = config["batch_size"].get<std::int64_t>();
    const auto saved_accumulate = config["accumulate"].get<std::int64_t>();
    if (saved_batch != batch_size_) {
      batch_size_ = saved_batch;
      accumulate_ = saved_accumulate;
      train_loader_.reset();
      make_loaders();
      // Steps per epoch follow the batch: the end planned above counted the project's batch.
      total_steps_ = steps_per_epoch() * settings_.epochs;
      if (settings_.max_steps > 0) total_steps_ = std::min(total_steps_, settings_.max_steps);
    }
  }
  const std::int64_t saved_world = config.value("world_size", std::int64_t{1});
  if (saved_world != options_.distributed.world_size) {
    MessageText text{messages::kResumeWorldSize,
                     {dir.string(), std::to_string(saved_world),
                      std::to_string(options_.distributed.world_size)}};
    std::string english = text.english();
    fail(RunErrorKind::Checkpoint, Error::in_setting("distributed.world_size", std::move(english)),
         false, std::move(text));
    return false;
  }
  const std::string state_file = (dir / kCheckpointStateFile).string();
  // Where the epoch goes on must be inside it: past its end the run would skip batches it never
  // trained (state.json's ranges are checked when it is read; this one needs the data).
  const std::int64_t batches = train_loader_->batches_per_epoch();
  if (data.state.step_in_epoch > batches) {
    fail(RunErrorKind::Checkpoint,
         Error::at_field(state_file, "step_in_epoch",
                         "is " + std::to_string(data.state.step_in_epoch) + ", past the " +
                             std::to_string(batches) + " batches of an epoch (batch size " +
                             std::to_string(batch_size_) + ")"),
         false);
    return false;
  }
  restore_parameter_groups(config);
  if (auto error = apply_checkpoint(data, **model_, *optimizer_, dir)) {
    fail(RunErrorKind::Checkpoint, *error, false);
    return false;
  }
  if (data.legacy_optimizer) {
    log(LogLevel::Warning,
        {messages::kLegacyOptimizerRead, {(dir / kLegacyCheckpointOptimizerFile).string()}});
  }
  // A generator state the generator refuses (a truncated or edited one) is the file's fault: the
  // run would not draw what the uninterrupted one would have, so it is refused, not warned about.
  if (auto problem = restore_rng_state(data.state.rng)) {
    problem->file = state_file;
    fail(RunErrorKind::Checkpoint, std::move(*problem), false);
    return false;
  }
  schedule_->load_state(data.state.schedule);
  scaler_->load_state(data.state.scaler);
  start_epoch_ = data.state.epoch;
  start_batch_ = data.state.step_in_epoch;
  global_step_ = data.state.global_step;
  if (data.state.metrics.contains("epochs")) epoch_history_ = data.state.metrics["epochs"];
  if (data.state.metrics.contains("best_accuracy")) {
    best_accuracy_ = data.state.metrics["best_accuracy"].get<double>();
  }
  summary_.epochs = start_epoch_;
  keep_last_measured_figures();
  log(LogLevel::Info, {messages::kResumedFrom,
                       {dir.string(), std::to_string(start_epoch_ + 1),
                        std::to_string(start_batch_), std::to_string(global_step_)}});
  if (!options_.new_end) restore_planned_end(config);
  if (global_step_ >= total_steps_ || start_epoch_ >= settings_.epochs) {
    log(LogLevel::Info, {messages::kNothingLeftToTrain,
                         {std::to_string(global_step_), std::to_string(total_steps_),
                          std::to_string(std::min(start_epoch_, settings_.epochs)),
                          std::to_string(settings_.epochs)}});
  }
  return true;
}

void TrainingRun::restore_parameter_groups(const nlohmann::json& config) {
  // The run keeps the groups it started with, whatever the project says now: the optimizer
  // state in the checkpoint is per group.
  std::set<std::string> blocks;
  if (auto found = config.find("pretrained_blocks"); found != config.end() && found->is_array()) {
    for (const auto& id : *found) {
      if (id.is_string()) blocks.insert(id.get<std::string>());
    }
  }
  double multiplier = 1;
  if (auto found = config.find("pretrained_lr_multiplier");
      found != config.end() && found->is_number()) {
    multiplier = found->get<double>();
  }
  if (blocks == pretrained_blocks_ && multiplier == pretrained_lr_multiplier_) return;
  pretrained_blocks_ = std::move(blocks);
  pretrained_lr_multiplier_ = multiplier;
  build_optimizer();
}

void TrainingRun::restore_planned_end(const nlohmann::json& config) {
  // The project inside the checkpoint is the one the run started with: its end is the plan.
  // (A project edited since, or its default of 1 epoch, must not cut the run short.)
  const nlohmann::json* training = nullptr;
  if (config.contains("project") && config["project"].contains("training")) {
    training = &config["project"]["training"];
  }
  if (training == nullptr) return;
  if (auto epochs = training->find("epochs");
      epochs != training->end() && epochs->is_number_integer()) {
    settings_.epochs = epochs->get<std::int64_t>();
  }
  if (auto steps = training->find("max_steps");
      steps != training->end() && steps->is_number_integer()) {
    settings_.max_steps = steps->get<std::int64_t>();
  }
  total_steps_ = steps_per_epoch() * settings_.epochs;
  if (settings_.max_steps > 0) total_steps_ = std::min(total_steps_, settings_.max_steps);
  log(LogLevel::Info,
      {messages::kResumePlan, {std::to_string(settings_.epochs), std::to_string(total_steps_)}});
}

void TrainingRun::keep_last_measured_figures() {
  // The figures of the epochs before the checkpoint were measured: a resumed run that trains
  // little or nothing reports them, not zeros.
  if (!epoch_history_.is_array() || epoch_history_.empty()) return;
  const nlohmann::json& last = epoch_history_.back();
  auto figure = [&](const char* name) -> std::optional<double> {
    auto found = last.find(name);
    if (found == last.end() || !found->is_number()) return std::nullopt;
    return found->get<double>();
  };
  summary_.train_loss = figure("train_loss");
  summary_.val_loss = figure("val_loss");
  summary_.val_accuracy = figure("val_accuracy");
}

}  // namespace convstudio
