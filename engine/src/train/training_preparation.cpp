// The set-up of a TrainingRun: everything before its first optimizer step.

#include <filesystem>

#include "checkpoint/start_weights.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/io/atomic_write.h"
#include "convstudio/model/input_output_blocks.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/task_check.h"
#include "convstudio/model/training_cost.h"
#include "distributed/process_group.h"
#include "io/safetensors_io.h"
#include "memory_probe.h"
#include "run_origin_probe.h"
#include "runs/checkpoint_files.h"
#include "training_run.h"

namespace convstudio {
namespace {

// A class-count mismatch is the Output block's to fix, so the error points at it.
std::string output_block_id(const ModelAnalysis& analysis) {
  for (const BlockAnalysis& block : analysis.blocks) {
    if (block.type == kOutputBlockType) return block.id;
  }
  return {};
}

}  // namespace

bool TrainingRun::prepare() {
  if (!settle_environment() || !analyse_model() || !load_data() || !build_model() ||
      !prepare_training()) {
    return false;
  }
  progress_.boundary = {progress_.start_epoch, progress_.start_batch, capture_rng_state()};
  progress_.first_step = progress_.global_step;
  precision_->resume_scale();  // a resumed run goes on from its saved scale
  find_peak_flops(/*again=*/false);
  meters_.utilisation() = UtilisationMeter(summary_.compute.flops_per_sample, total_peak_flops());
  reset_peak_memory(environment_.device());
  log(LogLevel::Info,
      {messages::kTrainingOn,
       {summary_.device, std::to_string(data_.info().train_count),
        std::to_string(data_.info().validation_count), std::to_string(data_.batch_size()),
        std::to_string(data_.accumulate()), std::to_string(progress_.total_steps)}});
  return true;
}

bool TrainingRun::settle_environment() {
  if (std::optional<Error> error = environment_.settle(settings_, options_.distributed, log_)) {
    fail(RunErrorKind::Device, *error, false);
    return false;
  }
  summary_.data_parallel.world_size = options_.distributed.world_size;
  summary_.device = environment_.device_name();
  summary_.amp = to_string(settings_.amp);
  meters_.watch_memory_of(environment_.device());
  return true;
}

bool TrainingRun::analyse_model() {
  analysis_ = analyse_project(options_.project);
  if (!analysis_.ok()) {
    // The first problem keeps its place, so the GUI can point at the block.
    Error first = analysis_.errors.front();
    MessageText text{
        messages::kModelProblems,
        {std::to_string(analysis_.errors.size()),
         first.block_id.empty() ? std::string("graph") : first.block_id, first.message}};
    first.message = "the model has " + std::to_string(analysis_.errors.size()) +
                    " problem(s); first: " + first.message;
    fail(RunErrorKind::Graph, std::move(first), false, std::move(text));
    return false;
  }
  summary_.compute.macs_per_sample = analysis_.total_macs();
  summary_.compute.flops_per_sample = training_flops_per_sample(options_.project.graph, analysis_);
  return true;
}

bool TrainingRun::load_data() {
  log(LogLevel::Info, {messages::kLoadingDataset, {}});
  const TensorShape& input = analysis_.input_shape;
  const DatasetRequest request =
      dataset_request(options_.project.dataset, static_cast<std::uint64_t>(settings_.seed),
                      static_cast<int>(input.channels()), static_cast<int>(input.height()),
                      static_cast<int>(input.width()));
  if (std::optional<Error> error = data_.load(request, control_, log_)) {
    if (control_.cancelled()) {
      summary_.state = RunState::Cancelled;
      set_state(RunState::Cancelled, "cancelled while loading the dataset");
    } else {
      fail(RunErrorKind::Data, *error, false);
    }
    return false;
  }
  const auto dataset_classes = static_cast<std::int64_t>(data_.info().class_names.size());
  if (dataset_classes != classes()) {
    MessageText text{messages::kClassCountMismatch,
                     {std::to_string(classes()), std::to_string(dataset_classes)}};
    std::string english = text.english();
    fail(RunErrorKind::Graph,
         Error::in_block(output_block_id(analysis_), std::string(kOutputBlockType),
                         "params.classes", std::move(english)),
         false, std::move(text));
    return false;
  }
  listener_.on_origin(probe_run_origin(summary_.device, data_.info()));
  std::optional<PixelLoss> pixels;
  if (segmentation()) {
    pixels = PixelLoss{settings_.loss.segmentation_loss, options_.project.dataset.ignore_label};
    figures_.count_pixels(pixels->ignore_label);
  }
  if (std::optional<Error> error =
          data_.settle_loss(settings_.loss, static_cast<std::uint64_t>(settings_.seed), classes(),
                            environment_.device(), log_, pixels)) {
    fail(RunErrorKind::Data, *error, false);
    return false;
  }
  return true;
}

bool TrainingRun::build_model() {
  model_.emplace(options_.project.graph, analysis_);
  std::set<std::string> pretrained;
  if (options_.resume_checkpoint.empty() && !options_.start_weights.empty()) {
    std::optional<std::set<std::string>> loaded = load_start_weights();
    if (!loaded) return false;
    pretrained = std::move(*loaded);
  }
  (*model_)->to(environment_.device());
  (*model_)->set_channels_last(environment_.channels_last(settings_, analysis_, log_));
  groups_.build(*model_, settings_, std::move(pretrained), log_);
  return true;
}

std::optional<std::set<std::string>> TrainingRun::load_start_weights() {
  Result<SafetensorsContent> content = read_safetensors(options_.start_weights);
  Result<StartWeightsReport> applied =
      content ? apply_start_weights(**model_, options_.project.graph, content.value().tensors,
                                    options_.start_weights)
              : Result<StartWeightsReport>(content.error());
  if (!applied) {
    MessageText text{messages::kStartWeightsUnusable, {applied.error().describe()}};
    fail(RunErrorKind::Checkpoint, applied.error(), false, std::move(text));
    return std::nullopt;
  }
  log(LogLevel::Info, {messages::kStartingFromWeights,
                       {options_.start_weights, std::to_string(applied.value().copied)}});
  for (const std::string& block : applied.value().reinitialised) {
    log(LogLevel::Warning, {messages::kOutputReinitialised, {block}});
  }
  return std::set<std::string>(applied.value().pretrained.begin(),
                               applied.value().pretrained.end());
}

bool TrainingRun::prepare_training() {
  data_.start_loaders(environment_.device(), settings_, options_.distributed,
                      options_.project.dataset);
  plan_total_steps();
  groups_.plan_schedule(settings_, progress_.total_steps, data_.steps_per_epoch());
  precision_.emplace(settings_.amp, settings_.optimizer.clip_grad_norm);

  const DistributedOptions& distributed_options = options_.distributed;
  const bool writes_files = distributed_options.writes_files();
  if (!options_.out_dir.empty() && writes_files) {
    std::filesystem::create_directories(options_.out_dir);
  }
  if (writes_files) tidy_interrupted_writes();
  if (!options_.resume_checkpoint.empty() && !resume_from_checkpoint()) return false;
  if (distributed_options.enabled() && !join_data_parallel()) return false;
  if (!distributed_options.enabled() && settings_.sync_batch_norm) {
    log(LogLevel::Info, {messages::kSyncBatchNormOneProcess, {}});
  }
  return true;
}

void TrainingRun::plan_total_steps() {
  progress_.total_steps = data_.steps_per_epoch() * settings_.epochs;
  if (settings_.max_steps > 0) {
    progress_.total_steps = std::min(progress_.total_steps, settings_.max_steps);
  }
}

bool TrainingRun::join_data_parallel() {
  if (std::optional<Error> error = ranks_.join(options_.distributed, environment_.device(), log_)) {
    MessageText text{messages::kAsIs, {error->message}};
    fail(RunErrorKind::Distributed, *error, false, std::move(text));
    return false;
  }
  try {
    ranks_.take_part(*model_, settings_.sync_batch_norm, data_.batch_size(),
                     groups_.stepped_parameters(), precision_->scaler(), log_);
  } catch (const PeerFailure& failure) {
    fail_peer(failure);
    return false;
  }
  return true;
}

void TrainingRun::tidy_interrupted_writes() {
  // A run killed while it saved (kill -9, power loss) leaves what the next one must tidy: its
  // own folder is this run's alone, the checkpoint resumed from is put back only by name.
  InterruptedWrites found;
  if (!options_.out_dir.empty()) found = clean_interrupted_writes(options_.out_dir);
  for (const auto& removed : found.removed) {
    log(LogLevel::Warning, {messages::kStaleTemporaryRemoved, {removed.string()}});
  }
  std::vector<std::filesystem::path> recovered = found.recovered;
  if (!options_.resume_checkpoint.empty() &&
      recover_moved_aside(std::filesystem::path(options_.resume_checkpoint))) {
    recovered.emplace_back(options_.resume_checkpoint);
  }
  for (const auto& checkpoint : recovered) {
    log(LogLevel::Warning, {messages::kCheckpointRecovered, {checkpoint.string()}});
  }
}

}  // namespace convstudio
