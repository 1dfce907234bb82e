#include "run_data.h"

#include <algorithm>
#include <chrono>
#include <sstream>
#include <thread>

namespace convstudio {
namespace {

std::string megabytes(std::int64_t bytes) {
  return std::to_string((bytes + (1 << 19)) >> 20) + " MB";
}

// One line on what an image-folder set became: files, fitting, caching, statistics.
std::string describe_image_files(const DatasetInfo& info) {
  return std::to_string(info.train_count + info.validation_count) + " image files (" +
         megabytes(info.reading.files_on_disk_bytes) + ") indexed" +
         (info.reading.index_reused ? " (cached index, unchanged)" : "") + "; fitted to " +
         std::to_string(info.input.channels) + "x" + std::to_string(info.input.height) + "x" +
         std::to_string(info.input.width) + " by " + to_string(info.input.fit) + "; " +
         (info.reading.cached
              ? "decoded images kept in memory after first use (" +
                    megabytes(info.reading.decoded_bytes) + ")"
              : "read from disk every epoch (decoded cache off or over its budget: " +
                    megabytes(info.reading.decoded_bytes) + " needed, " +
                    megabytes(info.reading.cache_budget) + " budget)") +
         "; normalisation statistics from a sample of " +
         std::to_string(info.normalisation.images) + " images";
}

}  // namespace

std::optional<Error> RunData::load(const DatasetRequest& request, const RunControl& control,
                                   RunLog& log) {
  using Clock = std::chrono::steady_clock;
  // Progress of a long scan or statistics sample, at most once a second; Stop cancels it.
  auto last_report = Clock::now();
  const DatasetObserver observer = [&](const DatasetProgress& progress) {
    if (Clock::now() - last_report >= std::chrono::seconds(1)) {
      last_report = Clock::now();
      const bool scanning = progress.stage == DatasetProgress::Stage::Scanning;
      log.write_as_is(
          LogLevel::Info,
          (scanning ? "scanning " + progress.path + ": " + std::to_string(progress.done) + " files"
                    : "sampling normalisation statistics: " + std::to_string(progress.done) +
                          " of " + std::to_string(progress.total) + " images"));
    }
    return !control.cancelled();
  };
  Result<Dataset> loaded = load_dataset(request, observer);
  if (!loaded) return loaded.error();
  dataset_ = std::move(loaded).value();
  for (const Error& warning : dataset_.info.warnings) {
    log.write_as_is(LogLevel::Warning, warning.describe());
  }
  if (dataset_.info.reading.from_files)
    log.write_as_is(LogLevel::Info, describe_image_files(info()));
  return std::nullopt;
}

std::optional<Error> RunData::settle_loss(const LossSettings& settings, std::uint64_t seed,
                                          std::int64_t classes, const torch::Device& device,
                                          RunLog& log, std::optional<PixelLoss> pixels) {
  if (pixels && settings.mixes()) {
    return Error::in_setting("training.mixup_alpha",
                             "mixup and CutMix mix whole images' labels; a segmentation run "
                             "trains on per-pixel labels: set mixup_alpha and cutmix_alpha to 0");
  }
  // Segmentation: "balanced" weighs by the training split's pixels per class, which mask data
  // reports in train_class_counts (ignored pixels left out).
  const std::optional<std::vector<std::int64_t>> pixel_counts =
      dataset_.info.masks && dataset_.info.train_class_counts.size() ==
                                 static_cast<std::size_t>(std::max<std::int64_t>(classes, 0))
          ? std::optional(dataset_.info.train_class_counts)
          : std::nullopt;
  Result<std::optional<std::vector<double>>> weights =
      pixels ? resolve_pixel_class_weights(settings, pixel_counts, classes)
             : resolve_class_weights(settings, class_counts(*dataset_.train, classes));
  if (!weights) return weights.error();
  if (weights.value()) {
    std::string listed;
    for (const double weight : *weights.value()) {
      listed += (listed.empty() ? "" : ", ") + std::to_string(weight);
    }
    log.write_as_is(LogLevel::Info, "class weights (" + settings.class_weights + "): " + listed);
  }
  loss_ = TrainingLoss(std::move(weights).value(), settings.label_smoothing, device, pixels);
  if (pixels) {
    log.write_as_is(LogLevel::Info, "segmentation loss: " + to_string(pixels->kind) +
                                        "; pixels labelled " +
                                        std::to_string(pixels->ignore_label) + " are ignored");
  }
  mixer_.emplace(settings, seed);
  log_sampling(settings, classes, log);
  return std::nullopt;
}

void RunData::log_sampling(const LossSettings& settings, std::int64_t classes, RunLog& log) const {
  if (settings.sampler == SamplerKind::ClassBalanced) {
    std::int64_t present = 0;
    for (const std::int64_t count : class_counts(*dataset_.train, classes)) present += count > 0;
    log.write_as_is(LogLevel::Info, "class-balanced sampler: each epoch draws " +
                                        std::to_string(dataset_.train->size()) +
                                        " images, each from one of the " + std::to_string(present) +
                                        " classes chosen alike (images of small classes repeat)");
  }
  if (!settings.mixes()) return;
  const auto number = [](double value) {
    std::ostringstream text;
    text << value;
    return text.str();
  };
  std::string mixing;
  if (settings.mixup_alpha > 0 && settings.mixup_probability > 0) {
    mixing = "mixup (alpha " + number(settings.mixup_alpha) + ", probability " +
             number(settings.mixup_probability) + ")";
  }
  if (settings.cutmix_alpha > 0 && settings.cutmix_probability > 0) {
    mixing += std::string(mixing.empty() ? "" : " or ") + "CutMix (alpha " +
              number(settings.cutmix_alpha) + ", probability " +
              number(settings.cutmix_probability) + ")";
  }
  log.write_as_is(LogLevel::Info, "batches mixed by " + mixing +
                                      "; training accuracy counts each image's dominant label");
}

void RunData::start_loaders(const torch::Device& device, const TrainingSettings& settings,
                            const DistributedOptions& distributed, const DatasetSettings& dataset) {
  on_cuda_ = device.is_cuda();
  common_.workers = static_cast<int>(settings.loader_workers);
  if (!on_cuda_) {
    // On the CPU the loader's threads compete with LibTorch's own for the cores: measured on
    // 2 cores, 2 loader threads halved lenet5's samples/s against 1. Keep at most the cores
    // LibTorch leaves free, but at least one so augmentation still runs beside training.
    const int spare = static_cast<int>(std::thread::hardware_concurrency()) - at::get_num_threads();
    common_.workers = std::min(common_.workers, std::max(1, spare));
  }
  common_.seed = static_cast<std::uint64_t>(settings.seed);
  common_.shard_rank = distributed.rank;
  common_.shard_count = distributed.world_size;
  common_.pin_memory = on_cuda_;
  if (dataset.normalize) {
    common_.mean = dataset_.info.normalisation.mean;
    common_.std = dataset_.info.normalisation.std;
  }
  class_balanced_ = settings.loss.sampler == SamplerKind::ClassBalanced;
  augmentation_ = augmentation_options(dataset.augmentation);
  batch_size_ = settings.batch_size;
  accumulate_ = settings.accumulate;
  make_loaders();
}

void RunData::make_loaders() {
  BatchLoaderOptions train = common_;
  train.batch_size = batch_size_;
  train.augmentation = augmentation_;
  train.class_balanced = class_balanced_;
  // A set held in memory without augmentation costs a copy per batch (tens of microseconds for
  // lenet5): on the CPU a thread for it only competes with LibTorch's threads (measured: the
  // full-epoch lenet5 benchmark, README "Performance"), so the batch is assembled in next().
  const auto batched_here = [this](const SampleSet& set) {
    return !on_cuda_ && set.held_in_memory();
  };
  if (batched_here(*dataset_.train) && !train.augmentation.enabled()) train.workers = 0;
  train_loader_.reset();  // its workers end before the new loader's start
  train_loader_ = std::make_unique<BatchLoader>(dataset_.train, train);
  if (!val_loader_) {
    BatchLoaderOptions validation = common_;
    validation.shuffle = false;
    validation.batch_size = std::max<std::int64_t>(batch_size_, 256);
    if (batched_here(*dataset_.validation)) validation.workers = 0;
    val_loader_ = std::make_unique<BatchLoader>(dataset_.validation, validation);
  }
}

void RunData::halve_batch() {
  stall_seconds_before_ += train_loader_->stall_seconds();
  batch_size_ /= 2;
  accumulate_ *= 2;
  make_loaders();
}

void RunData::use_batch(std::int64_t batch_size, std::int64_t accumulate) {
  batch_size_ = batch_size;
  accumulate_ = accumulate;
  make_loaders();
}

void RunData::report_skipped(const std::vector<Error>& skipped, RunLog& log) {
  constexpr std::size_t kNamedSkippedFiles = 20;
  for (const Error& problem : skipped) {
    if (!skipped_files_.insert(problem.file).second) continue;
    if (skipped_files_.size() <= kNamedSkippedFiles) {
      log.write_as_is(LogLevel::Warning, problem.describe() + "; left out of its batch");
    } else if (skipped_files_.size() == kNamedSkippedFiles + 1) {
      log.write_as_is(LogLevel::Warning,
                      "more unreadable image files are being left out; not named");
    }
  }
}

std::int64_t RunData::steps_per_epoch() const {
  return (batches_per_epoch() + accumulate_ - 1) / accumulate_;
}

double RunData::stall_seconds() const {
  return stall_seconds_before_ + train_loader_->stall_seconds();
}

}  // namespace convstudio
