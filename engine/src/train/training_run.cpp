#include "training_run.h"

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <thread>

#include "amp_choice.h"
#include "checkpoint/start_weights.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/io/atomic_write.h"
#include "convstudio/model/input_output_blocks.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/training_cost.h"
#include "convstudio/train/peak_flops.h"
#include "device_selection.h"
#include "io/safetensors_io.h"
#include "memory_probe.h"
#include "optimizer_factory.h"
#include "runs/checkpoint_files.h"

namespace convstudio {
namespace {

using Clock = std::chrono::steady_clock;

LrScheduleKind schedule_kind(LrSchedule schedule) {
  switch (schedule) {
    case LrSchedule::Constant:
      return LrScheduleKind::constant;
    case LrSchedule::Step:
      return LrScheduleKind::step;
    case LrSchedule::Cosine:
      return LrScheduleKind::cosine;
    case LrSchedule::OneCycle:
      return LrScheduleKind::one_cycle;
  }
  return LrScheduleKind::constant;
}

// 0.1 as "0.1", not std::to_string's "0.100000".
std::string short_number(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

std::string device_name(const torch::Device& device) {
  return device.is_cuda() ? "cuda:" + std::to_string(device.index()) : "cpu";
}

// A class-count mismatch is the Output block's to fix, so the error points at it.
std::string output_block_id(const ModelAnalysis& analysis) {
  for (const BlockAnalysis& block : analysis.blocks) {
    if (block.type == kOutputBlockType) return block.id;
  }
  return {};
}

}  // namespace

TrainingRun::TrainingRun(const RunOptions& options, TrainingListener& listener, RunControl& control)
    : options_(options),
      settings_(options.project.training),
      listener_(listener),
      control_(control) {}

RunSummary TrainingRun::execute() {
  started_ = Clock::now();
  set_state(RunState::Preparing);
  if (!prepare()) return summary_;
  set_state(RunState::Running);

  EpochEnd end = EpochEnd::Completed;
  std::int64_t epoch = start_epoch_;
  std::int64_t skip = start_batch_;
  try {
    for (; epoch < settings_.epochs && end == EpochEnd::Completed; ++epoch, skip = 0) {
      const auto epoch_started = Clock::now();
      end = train_epoch_with_recovery(epoch, skip);
      if (end == EpochEnd::Failed) return summary_;
      if (end == EpochEnd::Cancelled) break;
      const double seconds = std::chrono::duration<double>(Clock::now() - epoch_started).count();
      // A step limit that falls on the epoch's last batch still gets that epoch's validation.
      const bool epoch_complete = boundary_.epoch == epoch + 1 || end == EpochEnd::Completed;
      if (epoch_complete && !validate(epoch, seconds)) break;
    }
  } catch (const DataFailure& failure) {
    // A whole batch of unreadable files: the data is broken, the weights so far are kept.
    fail(RunErrorKind::Data, failure.error(), true);
    return summary_;
  } catch (const PeerFailure& failure) {
    fail_peer(failure);
    return summary_;
  }

  summary_.steps = global_step_;
  if (training_seconds_ > 0 && samples_trained_ > 0) {
    summary_.samples_per_second = samples_trained_ / training_seconds_;
    summary_.bookkeeping_share = bookkeeping_seconds_ / training_seconds_;
    // Steps between two memory probes may have raised the peak; the kernel's mark has it.
    const MemorySnapshot memory = probe_memory(device_);
    summary_.peak_memory_bytes =
        std::max(summary_.peak_memory_bytes,
                 memory.is_cuda ? memory.peak_allocated_bytes : memory.peak_resident_bytes);
  }
  const double wall = wall_seconds();
  const double stalls = stall_seconds_before_ + train_loader_->stall_seconds();
  summary_.loader_stall_share = wall > 0 ? stalls / wall : 0;
  summary_.batch_size = batch_size_;
  summary_.accumulate = accumulate_;
  summary_.effective_batch_size = batch_size_ * accumulate_;
  summary_.skipped_steps = scaler_->skipped_steps();
  if (scaler_->enabled()) summary_.loss_scale = loss_scale_;
  summary_.loss_scale_growths = amp_health_.growths();
  summary_.loss_scale_backoffs = amp_health_.backoffs();
  if (summary_.samples_per_second) {
    summary_.achieved_flops =
        training_flops_per_second(summary_.flops_per_sample, *summary_.samples_per_second);
    if (peak_flops_ > 0) {
      summary_.peak_flops = peak_flops_;
      summary_.utilisation = *summary_.achieved_flops / peak_flops_;
    }
  }
  if (distributed() && training_seconds_ > 0) {
    summary_.allreduce_wait_share = parallel_->reducer().wait_seconds() / training_seconds_;
  }
  // The epoch-end save may already hold exactly this state; writing it again is wasted I/O.
  if (summary_.last_checkpoint.empty() || last_saved_step_ != global_step_) {
    summary_.last_checkpoint = write_checkpoint(kLastCheckpointFolder);
    // A run that ends without the checkpoint it was meant to leave has lost its work: it fails.
    if (save_error_) {
      fail_save(*save_error_);
      return summary_;
    }
  }
  if (best_save_error_) {
    fail_save(*best_save_error_);
    return summary_;
  }
  if (control_.cancelled()) end = EpochEnd::Cancelled;  // also during validation
  if (end == EpochEnd::Cancelled) {
    summary_.state = RunState::Cancelled;
    set_state(RunState::Cancelled, "cancelled; checkpoint " + summary_.last_checkpoint);
  } else {
    summary_.state = RunState::Finished;
    set_state(RunState::Finished, "finished after " + std::to_string(global_step_) + " steps");
  }
  return summary_;
}

bool TrainingRun::prepare() {
  const DeviceSelection selection = select_device(settings_.device);
  if (selection.error) {
    fail(RunErrorKind::Device, *selection.error, false);
    return false;
  }
  device_ = selection.device;
  const DistributedOptions& distributed_options = options_.distributed;
  if (distributed_options.enabled() && device_.is_cuda()) {
    // One GPU per process: the rank's place on its machine picks it.
    device_ =
        torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(distributed_options.local_rank));
  }
  summary_.world_size = distributed_options.world_size;
  // cuBLAS is deterministic only with a fixed workspace, which must be set before its first use.
  if (settings_.deterministic && device_.is_cuda()) setenv("CUBLAS_WORKSPACE_CONFIG", ":4096:8", 0);
  summary_.device = device_name(device_);
  if (settings_.amp == AmpMode::Auto) {
    const AmpChoice amp = resolve_amp(settings_.amp, device_);
    settings_.amp = amp.mode;  // checkpoints record the precision the run really used
    if (amp.mode == AmpMode::Off) {
      log(LogLevel::Info, {messages::kAmpAutoOff, {summary_.device, amp.evidence}});
    } else {
      log(LogLevel::Info,
          {messages::kAmpAutoOn, {to_string(amp.mode), summary_.device, amp.evidence}});
    }
  }
  summary_.amp = to_string(settings_.amp);
  torch::manual_seed(static_cast<std::uint64_t>(settings_.seed));
  // Process-wide switches: set both ways, so one deterministic run does not bind the next.
  at::globalContext().setDeterministicAlgorithms(settings_.deterministic, /*warn_only=*/false);
  at::globalContext().setDeterministicCuDNN(settings_.deterministic);
  at::globalContext().setBenchmarkCuDNN(settings_.cudnn_benchmark && !settings_.deterministic &&
                                        device_.is_cuda());

  analysis_ = ShapeInference::run(options_.project.graph);
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
  const TensorShape input = analysis_.input_shape;
  classes_ = analysis_.output_shape().channels();
  summary_.macs_per_sample = analysis_.total_macs();
  summary_.flops_per_sample = training_flops_per_sample(options_.project.graph, analysis_);

  log(LogLevel::Info, {messages::kLoadingDataset, {}});
  if (!load_data(input)) return false;
  const auto dataset_classes = static_cast<std::int64_t>(dataset_.info.class_names.size());
  if (dataset_classes != classes_) {
    MessageText text{messages::kClassCountMismatch,
                     {std::to_string(classes_), std::to_string(dataset_classes)}};
    std::string english = text.english();
    fail(RunErrorKind::Graph,
         Error::in_block(output_block_id(analysis_), std::string(kOutputBlockType),
                         "params.classes", std::move(english)),
         false, std::move(text));
    return false;
  }

  model_.emplace(options_.project.graph, analysis_);
  if (options_.resume_checkpoint.empty() && !options_.start_weights.empty() &&
      !load_start_weights()) {
    return false;
  }
  (*model_)->to(device_);
  // bf16 on the CPU convolves through oneDNN, which reorders NCHW data into its own layout at
  // every convolution: resnet-small trained 1.44x fp32 in NCHW and 1.62x channels-last (README,
  // "Performance"), so it always runs channels-last. The setting asks for it elsewhere too.
  const bool bf16_on_cpu = device_.is_cpu() && settings_.amp == AmpMode::Bf16;
  if (bf16_on_cpu && !settings_.channels_last) {
    log(LogLevel::Info, {messages::kChannelsLastForBf16, {}});
  }
  (*model_)->set_channels_last(settings_.channels_last || bf16_on_cpu);
  pretrained_lr_multiplier_ = settings_.pretrained_lr_multiplier;
  build_optimizer();
  batch_size_ = settings_.batch_size;
  accumulate_ = settings_.accumulate;
  make_loaders();
  total_steps_ = steps_per_epoch() * settings_.epochs;
  if (settings_.max_steps > 0) total_steps_ = std::min(total_steps_, settings_.max_steps);

  LrScheduleConfig schedule;
  schedule.kind = schedule_kind(settings_.schedule);
  schedule.base_lr = settings_.lr;
  schedule.total_steps = total_steps_;
  schedule.step_size = std::max<std::int64_t>(1, settings_.step_size_epochs * steps_per_epoch());
  schedule.gamma = settings_.step_gamma;
  // A recipe's warm-up is sized for its full run; a shorter one (--max-steps, a small data
  // set) warms up for at most half its steps, so the schedule still has a main phase.
  schedule.warmup_steps = std::min(settings_.warmup_steps, total_steps_ / 2);
  schedule_ = std::make_unique<LearningRateSchedule>(schedule);
  LossScalerOptions scaling;
  scaling.enabled = settings_.amp == AmpMode::Fp16;
  scaler_ = std::make_unique<LossScaler>(scaling);

  const bool writes_files = distributed_options.writes_files();
  if (!options_.out_dir.empty() && writes_files)
    std::filesystem::create_directories(options_.out_dir);
  if (writes_files) tidy_interrupted_writes();
  if (!options_.resume_checkpoint.empty() && !resume_from_checkpoint()) return false;
  if (distributed_options.enabled() && !join_data_parallel()) return false;
  if (!distributed_options.enabled() && settings_.sync_batch_norm) {
    log(LogLevel::Info, {messages::kSyncBatchNormOneProcess, {}});
  }
  boundary_ = {start_epoch_, start_batch_, capture_rng_state()};
  first_step_ = global_step_;
  loss_scale_ = scaler_->current_scale();  // a resumed run goes on from its saved scale
  find_peak_flops();
  reset_peak_memory(device_);
  log(LogLevel::Info, {messages::kTrainingOn,
                       {summary_.device, std::to_string(dataset_.info.train_count),
                        std::to_string(dataset_.info.validation_count), std::to_string(batch_size_),
                        std::to_string(accumulate_), std::to_string(total_steps_)}});
  return true;
}

bool TrainingRun::join_data_parallel() {
  const DistributedOptions& distributed_options = options_.distributed;
  log(LogLevel::Info,
      {messages::kJoiningRun,
       {std::to_string(distributed_options.rank), std::to_string(distributed_options.world_size),
        distributed_options.master_addr + ":" + std::to_string(distributed_options.master_port)}});
  Result<std::unique_ptr<DataParallel>> joined = DataParallel::join(distributed_options, device_);
  if (!joined) {
    MessageText text{messages::kAsIs, {joined.error().message}};
    fail(RunErrorKind::Distributed, joined.error(), false, std::move(text));
    return false;
  }
  parallel_ = std::move(joined).value();
  try {
    // Resumed ranks read the same checkpoint; fresh ones start from rank 0's initialisation.
    parallel_->share_weights(*model_);
    if (settings_.sync_batch_norm) {
      synced_batch_norms_ = parallel_->sync_batch_norm(*model_).size();
      log(LogLevel::Info,
          {messages::kSyncBatchNormOn,
           {std::to_string(synced_batch_norms_), std::to_string(parallel_->world_size())}});
    }
    std::vector<torch::Tensor> trainable;
    for (const auto& group : optimizer_->param_groups()) {
      trainable.insert(trainable.end(), group.params().begin(), group.params().end());
    }
    parallel_->reduce_gradients_of(std::move(trainable));
  } catch (const PeerFailure& failure) {
    fail_peer(failure);
    return false;
  }
  scaler_->set_found_inf_agreement(parallel_->found_inf_agreement());
  log(LogLevel::Info, {messages::kJoinedRun,
                       {std::to_string(parallel_->world_size()), parallel_->group().backend_name(),
                        std::to_string(parallel_->reducer().bucket_count()),
                        std::to_string(batch_size_ * parallel_->world_size())}});
  return true;
}

void TrainingRun::fail_peer(const PeerFailure& failure) {
  MessageText text{messages::kAsIs, {failure.what()}};
  // The model and optimizer are those of the last completed step (a failed all-reduce comes
  // before the step): rank 0's checkpoint of that boundary is sound, and --resume goes on.
  fail(RunErrorKind::Distributed, Error::in_setting("distributed", failure.what()),
       options_.distributed.writes_files(), std::move(text));
}

bool TrainingRun::load_start_weights() {
  Result<SafetensorsContent> content = read_safetensors(options_.start_weights);
  Result<StartWeightsReport> applied =
      content ? apply_start_weights(**model_, options_.project.graph, content.value().tensors,
                                    options_.start_weights)
              : Result<StartWeightsReport>(content.error());
  if (!applied) {
    MessageText text{messages::kStartWeightsUnusable, {applied.error().describe()}};
    fail(RunErrorKind::Checkpoint, applied.error(), false, std::move(text));
    return false;
  }
  log(LogLevel::Info, {messages::kStartingFromWeights,
                       {options_.start_weights, std::to_string(applied.value().copied)}});
  for (const std::string& block : applied.value().reinitialised) {
    log(LogLevel::Warning, {messages::kOutputReinitialised, {block}});
  }
  pretrained_blocks_ = {applied.value().pretrained.begin(), applied.value().pretrained.end()};
  return true;
}

void TrainingRun::build_optimizer() {
  const auto is_pretrained = [this](const std::string& id) {
    return pretrained_blocks_.contains(id);
  };
  std::vector<torch::Tensor> fresh =
      (*model_)->trainable_parameters([&](const std::string& id) { return !is_pretrained(id); });
  std::vector<torch::Tensor> pretrained = (*model_)->trainable_parameters(is_pretrained);
  group_lr_scales_ = {1.0};
  if (pretrained.empty() || pretrained_lr_multiplier_ == 1) {
    fresh.insert(fresh.end(), pretrained.begin(), pretrained.end());
    optimizer_ = make_optimizer(settings_, std::move(fresh));
    return;
  }
  // Group 0 is always the new blocks (possibly none, e.g. a pretrained head left trainable).
  optimizer_ = make_optimizer(settings_, std::move(fresh));
  optimizer_->add_param_group(torch::optim::OptimizerParamGroup(
      std::move(pretrained), optimizer_->param_groups()[0].options().clone()));
  group_lr_scales_.push_back(pretrained_lr_multiplier_);
  const auto trainable_blocks = [&](bool want_pretrained) {
    std::set<std::string> blocks;
    for (const auto& item : (*model_)->named_parameters(true)) {
      const std::string id = item.key().substr(0, item.key().find('.'));
      if (item.value().requires_grad() && is_pretrained(id) == want_pretrained) blocks.insert(id);
    }
    return blocks.size();
  };
  log(LogLevel::Info,
      {messages::kPretrainedLearningRate,
       {std::to_string(trainable_blocks(true)), short_number(pretrained_lr_multiplier_),
        std::to_string(trainable_blocks(false))}});
}

bool TrainingRun::load_data(const TensorShape& input) {
  // Progress of a long scan or statistics sample, at most once a second; Stop cancels it.
  auto last_report = Clock::now();
  const DatasetObserver observer = [&](const DatasetProgress& progress) {
    if (Clock::now() - last_report >= std::chrono::seconds(1)) {
      last_report = Clock::now();
      const bool scanning = progress.stage == DatasetProgress::Stage::Scanning;
      log_as_is(
          LogLevel::Info,
          (scanning ? "scanning " + progress.path + ": " + std::to_string(progress.done) + " files"
                    : "sampling normalisation statistics: " + std::to_string(progress.done) +
                          " of " + std::to_string(progress.total) + " images"));
    }
    return !control_.cancelled();
  };
  Result<Dataset> loaded = load_dataset(
      dataset_request(options_.project.dataset, static_cast<std::uint64_t>(settings_.seed),
                      static_cast<int>(input.channels()), static_cast<int>(input.height()),
                      static_cast<int>(input.width())),
      observer);
  if (!loaded) {
    if (control_.cancelled()) {
      summary_.state = RunState::Cancelled;
      set_state(RunState::Cancelled, "cancelled while loading the dataset");
    } else {
      fail(RunErrorKind::Data, loaded.error(), false);
    }
    return false;
  }
  dataset_ = std::move(loaded).value();
  for (const Error& warning : dataset_.info.warnings) {
    log_as_is(LogLevel::Warning, warning.describe());
  }
  const DatasetInfo& info = dataset_.info;
  if (info.from_files) {
    const auto megabytes = [](std::int64_t bytes) {
      return std::to_string((bytes + (1 << 19)) >> 20) + " MB";
    };
    log_as_is(
        LogLevel::Info,
        std::to_string(info.train_count + info.validation_count) + " image files (" +
            megabytes(info.files_on_disk_bytes) + ") indexed" +
            (info.index_reused ? " (cached index, unchanged)" : "") + "; fitted to " +
            std::to_string(info.channels) + "x" + std::to_string(info.height) + "x" +
            std::to_string(info.width) + " by " + to_string(info.fit) + "; " +
            (info.cached ? "decoded images kept in memory after first use (" +
                               megabytes(info.decoded_bytes) + ")"
                         : "read from disk every epoch (decoded cache off or over its budget: " +
                               megabytes(info.decoded_bytes) + " needed, " +
                               megabytes(info.cache_budget) + " budget)") +
            "; normalisation statistics from a sample of " +
            std::to_string(info.statistics_images) + " images");
  }
  return true;
}

void TrainingRun::find_peak_flops() {
  const std::string precision = precision_name(settings_.amp);
  const Result<PeakFlops> peak = device_peak_flops(summary_.device, precision);
  if (!peak) {
    log(LogLevel::Info, {messages::kPeakFlopsUnknown, {peak.error().message}});
    return;
  }
  peak_flops_ = peak.value().flops_per_second;
  if (peak.value().measured_now) {
    std::ostringstream gigaflops;
    gigaflops.precision(4);
    gigaflops << peak_flops_ / 1e9;
    log(LogLevel::Info,
        {messages::kMeasuredPeakFlops,
         {peak.value().device, precision, gigaflops.str(), peak_flops_cache_file().string()}});
  }
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

void TrainingRun::report_skipped(const std::vector<Error>& skipped) {
  constexpr std::size_t kNamedSkippedFiles = 20;
  for (const Error& problem : skipped) {
    if (!skipped_files_.insert(problem.file).second) continue;
    if (skipped_files_.size() <= kNamedSkippedFiles) {
      log_as_is(LogLevel::Warning, problem.describe() + "; left out of its batch");
    } else if (skipped_files_.size() == kNamedSkippedFiles + 1) {
      log_as_is(LogLevel::Warning, "more unreadable image files are being left out; not named");
    }
  }
}

void TrainingRun::make_loaders() {
  BatchLoaderOptions common;
  common.batch_size = batch_size_;
  common.workers = static_cast<int>(settings_.loader_workers);
  if (!device_.is_cuda()) {
    // On the CPU the loader's threads compete with LibTorch's own for the cores: measured on
    // 2 cores, 2 loader threads halved lenet5's samples/s against 1. Keep at most the cores
    // LibTorch leaves free, but at least one so augmentation still runs beside training.
    const int spare = static_cast<int>(std::thread::hardware_concurrency()) - at::get_num_threads();
    common.workers = std::min(common.workers, std::max(1, spare));
  }
  common.seed = static_cast<std::uint64_t>(settings_.seed);
  common.shard_rank = options_.distributed.rank;
  common.shard_count = options_.distributed.world_size;
  common.pin_memory = device_.is_cuda();
  if (options_.project.dataset.normalize) {
    common.mean = dataset_.info.mean;
    common.std = dataset_.info.std;
  }
  BatchLoaderOptions train = common;
  train.augmentation = augmentation_options(options_.project.dataset.augmentation);
  // A set held in memory without augmentation costs a copy per batch (tens of microseconds for
  // lenet5): on the CPU a thread for it only competes with LibTorch's threads (measured: the
  // full-epoch lenet5 benchmark, README "Performance"), so the batch is assembled in next().
  const auto batched_here = [this](const SampleSet& set) {
    return !device_.is_cuda() && set.held_in_memory();
  };
  if (batched_here(*dataset_.train) && !train.augmentation.enabled()) train.workers = 0;
  train_loader_ = std::make_unique<BatchLoader>(dataset_.train, train);
  if (!val_loader_) {
    BatchLoaderOptions validation = common;
    validation.shuffle = false;
    validation.batch_size = std::max<std::int64_t>(batch_size_, 256);
    if (batched_here(*dataset_.validation)) validation.workers = 0;
    val_loader_ = std::make_unique<BatchLoader>(dataset_.validation, validation);
  }
}

std::int64_t TrainingRun::steps_per_epoch() const {
  const std::int64_t batches = train_loader_->batches_per_epoch();
  return (batches + accumulate_ - 1) / accumulate_;
}

double TrainingRun::wall_seconds() const {
  return std::chrono::duration<double>(Clock::now() - started_).count();
}

void TrainingRun::fail(RunErrorKind kind, Error problem, bool leave_checkpoint, MessageText text) {
  RunError error(kind, std::move(problem));
  error.text = std::move(text);
  if (leave_checkpoint && model_) error.checkpoint = write_checkpoint(kLastCheckpointFolder);
  summary_.state = RunState::Failed;
  summary_.steps = global_step_;
  summary_.last_checkpoint = error.checkpoint;
  summary_.error = error;
  // The other ranks' collectives fail now too; this tells them why, so they name this rank.
  if (parallel_ && kind != RunErrorKind::Distributed)
    parallel_->group().announce_failure(error.message);
  listener_.on_error(error);
  set_state(RunState::Failed, error.describe());
}

void TrainingRun::fail_save(const Error& error) {
  MessageText text{messages::kCheckpointNotSaved, {error.describe()}};
  Error placed = error;
  placed.message = "could not save the checkpoint: " + error.message;
  fail(RunErrorKind::Save, std::move(placed), false, std::move(text));
}

void TrainingRun::log(LogLevel level, MessageText message) {
  std::string english = message.english();
  listener_.on_log({level, std::move(english), std::move(message)});
}

void TrainingRun::log_as_is(LogLevel level, const std::string& text) {
  log(level, MessageText{std::string(messages::kAsIs), {text}});
}

void TrainingRun::set_state(RunState state, const std::string& message) {
  listener_.on_state(state, message);
}

}  // namespace convstudio
