// Checkpoints of a TrainingRun: what is saved at a step boundary, and resuming from it.

#include <algorithm>
#include <filesystem>

#include "checkpoint/checkpoint_store.h"
#include "convstudio/model/project_file.h"
#include "runs/checkpoint_files.h"
#include "training_run.h"

namespace convstudio {

nlohmann::json TrainingRun::run_config() const {
  // The whole project travels with the checkpoint, so `evaluate`, `export` and `predict` need
  // nothing else; so do the preprocessing facts an exported model must repeat.
  // The settings in effect, so a run resumed twice keeps the end it was planned with.
  Project project = options_.project;
  project.training = settings_;
  const DatasetInfo& info = data_.info();
  const bool normalize = options_.project.dataset.normalize;
  nlohmann::json config = {
      {"project", nlohmann::json::parse(ProjectFile::serialize(project))},
      {"batch_size", data_.batch_size()},
      {"accumulate", data_.accumulate()},
      // A step's batches are counted over all processes: a resume needs as many.
      {"world_size", options_.distributed.world_size},
      {"device", summary_.device},
      // The optimizer's parameter groups follow from these two (see ParameterGroups).
      {"pretrained_blocks", groups_.pretrained_blocks()},
      {"pretrained_lr_multiplier", groups_.pretrained_lr_multiplier()},
      {"input_shape", analysis_.input_shape.dims},
      {"class_names", info.class_names},
      {"mean", normalize ? info.normalisation.mean : std::vector<float>{}},
      {"std", normalize ? info.normalisation.std : std::vector<float>{}},
      // A resume compares it with the data it finds (warn_if_data_changed).
      {"data_fingerprint", info.fingerprint}};
  // Segmentation: the colours the data names for its classes, so predict's colour masks and the
  // Inference panel's overlay draw the classes as the data set does.
  if (info.masks && info.class_colours.size() == info.class_names.size()) {
    config["class_colours"] = info.class_colours;
  }
  return config;
}

std::string TrainingRun::write_checkpoint(const std::string& folder) {
  // A data-parallel run's ranks hold the same state; rank 0 alone writes it.
  if (!keeper_.writes() || !model_ || !precision_) return {};
  CheckpointState state;
  state.epoch = progress_.boundary.epoch;
  state.step_in_epoch = progress_.boundary.batch_in_epoch;
  state.global_step = progress_.global_step;
  state.config = run_config();
  state.schedule = groups_.schedule().state();
  state.scaler = precision_->scaler().state();
  state.rng = progress_.boundary.rng;
  return keeper_.save(folder, **model_, groups_.optimizer(), std::move(state), log_);
}

bool TrainingRun::resume_from_checkpoint() {
  const std::filesystem::path dir(options_.resume_checkpoint);
  Result<CheckpointData> loaded = load_checkpoint(dir, CheckpointUse::Resume);
  if (!loaded) {
    fail(RunErrorKind::Checkpoint, loaded.error(), false);
    return false;
  }
  const CheckpointData& data = loaded.value();
  adopt_saved_batch(data.state.config);
  if (!check_resumable(data, dir) || !restore_checkpoint(data, dir)) return false;
  progress_.start_epoch = data.state.epoch;
  progress_.start_batch = data.state.step_in_epoch;
  progress_.global_step = data.state.global_step;
  keeper_.restore(data.state.metrics);
  summary_.epochs = progress_.start_epoch;
  keep_last_measured_figures();
  warn_if_data_changed(data.state.config, dir);
  log(LogLevel::Info,
      {messages::kResumedFrom,
       {dir.string(), std::to_string(progress_.start_epoch + 1),
        std::to_string(progress_.start_batch), std::to_string(progress_.global_step)}});
  if (!options_.new_end) restore_planned_end(data.state.config);
  if (progress_.global_step >= progress_.total_steps || progress_.start_epoch >= settings_.epochs) {
    log(LogLevel::Info,
        {messages::kNothingLeftToTrain,
         {std::to_string(progress_.global_step), std::to_string(progress_.total_steps),
          std::to_string(std::min(progress_.start_epoch, settings_.epochs)),
          std::to_string(settings_.epochs)}});
  }
  return true;
}

void TrainingRun::warn_if_data_changed(const nlohmann::json& config,
                                       const std::filesystem::path& dir) {
  // A checkpoint from before runs fingerprinted their data has nothing to compare.
  const auto saved = config.find("data_fingerprint");
  if (saved == config.end() || !saved->is_string()) return;
  const std::string& now = data_.info().fingerprint;
  if (saved->get<std::string>() == now) return;
  log(LogLevel::Warning,
      {messages::kResumeDataChanged, {dir.string(), saved->get<std::string>(), now}});
}

void TrainingRun::adopt_saved_batch(const nlohmann::json& config) {
  // Batches skipped on resume are counted in the batch size the checkpoint was written with
  // (an out-of-memory retry may have halved it).
  if (!config.contains("batch_size") || !config.contains("accumulate")) return;
  const auto saved_batch = config["batch_size"].get<std::int64_t>();
  const auto saved_accumulate = config["accumulate"].get<std::int64_t>();
  if (saved_batch == data_.batch_size()) return;
  data_.use_batch(saved_batch, saved_accumulate);
  // Steps per epoch follow the batch: the end planned before counted the project's batch.
  plan_total_steps();
}

bool TrainingRun::check_resumable(const CheckpointData& data, const std::filesystem::path& dir) {
  const std::int64_t saved_world = data.state.config.value("world_size", std::int64_t{1});
  if (saved_world != options_.distributed.world_size) {
    MessageText text{messages::kResumeWorldSize,
                     {dir.string(), std::to_string(saved_world),
                      std::to_string(options_.distributed.world_size)}};
    std::string english = text.english();
    fail(RunErrorKind::Checkpoint, Error::in_setting("distributed.world_size", std::move(english)),
         false, std::move(text));
    return false;
  }
  // Where the epoch goes on must be inside it: past its end the run would skip batches it never
  // trained (state.json's ranges are checked when it is read; this one needs the data).
  const std::int64_t batches = data_.batches_per_epoch();
  if (data.state.step_in_epoch > batches) {
    fail(RunErrorKind::Checkpoint,
         Error::at_field((dir / kCheckpointStateFile).string(), "step_in_epoch",
                         "is " + std::to_string(data.state.step_in_epoch) + ", past the " +
                             std::to_string(batches) + " batches of an epoch (batch size " +
                             std::to_string(data_.batch_size()) + ")"),
         false);
    return false;
  }
  return true;
}

bool TrainingRun::restore_checkpoint(const CheckpointData& data, const std::filesystem::path& dir) {
  groups_.restore(data.state.config, *model_, settings_, log_);
  if (auto error = apply_checkpoint(data, **model_, groups_.optimizer(), dir)) {
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
    problem->file = (dir / kCheckpointStateFile).string();
    fail(RunErrorKind::Checkpoint, std::move(*problem), false);
    return false;
  }
  groups_.schedule().load_state(data.state.schedule);
  precision_->scaler().load_state(data.state.scaler);
  return true;
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
  plan_total_steps();
  log(LogLevel::Info, {messages::kResumePlan,
                       {std::to_string(settings_.epochs), std::to_string(progress_.total_steps)}});
}

void TrainingRun::keep_last_measured_figures() {
  // The figures of the epochs before the checkpoint were measured: a resumed run that trains
  // little or nothing reports them, not zeros.
  const nlohmann::json& history = keeper_.history();
  if (!history.is_array() || history.empty()) return;
  const nlohmann::json& last = history.back();
  auto figure = [&](const char* name) -> std::optional<double> {
    auto found = last.find(name);
    if (found == last.end() || !found->is_number()) return std::nullopt;
    return found->get<double>();
  };
  summary_.train_loss = figure("train_loss");
  summary_.val_loss = figure("val_loss");
  summary_.val_accuracy = figure("val_accuracy");
  // A segmentation run's best mean IoU so far is the history's highest.
  summary_.segmentation.mean_iou = figure("val_mean_iou");
  for (const nlohmann::json& epoch : history) {
    const auto found = epoch.find("val_mean_iou");
    if (found == epoch.end() || !found->is_number()) continue;
    const double iou = found->get<double>();
    summary_.segmentation.best_mean_iou =
        std::max(summary_.segmentation.best_mean_iou.value_or(iou), iou);
  }
}

}  // namespace convstudio
