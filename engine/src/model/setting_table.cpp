#include "convstudio/model/setting_table.h"

#include <limits>

#include "setting_builders.h"

// Marks the labels for lupdate (scripts/update-translations.sh); the studio translates them in
// context "Settings" (kSettingLabelContext).
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

// Each entry names only the parts it has ({.sweepable = true, .editor = "lr"}); the rest keep
// About's defaults on purpose, which GCC's -Wextra would report for every entry.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace convstudio {
namespace {

using namespace setting_builders;
using T = TrainingSettings;
using D = DatasetSettings;
using A = AugmentationSettings;
using L = LossSettings;
using O = OptimizerSettings;
using S = LrScheduleSettings;
using V = ValidationSettings;

constexpr std::int64_t kMaxInt = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMaxEpochs = std::int64_t{1} << 20;

// The grouped training settings keep their flat keys ("training.lr"): see setting_builders.h.
TrainingSetting optimizer_setting(SettingSpec<O> inner) {
  return inside(&T::optimizer, "", std::move(inner));
}

TrainingSetting schedule_setting(SettingSpec<S> inner) {
  return inside(&T::schedule, "", std::move(inner));
}

TrainingSetting validation_setting(SettingSpec<V> inner) {
  return inside(&T::validation, "", std::move(inner));
}

// Adding a training setting: its member in TrainingSettings or in one of its groups (the
// optimizer's, the schedule's, the validation's: wrap its entry in optimizer_setting(…) and so
// on), and one entry in the tables below, at the place the project file should write it (new ones
// at the end of later_training_entries, written_when_set, so older ConvStudios still read files
// that leave it at its default). training_entries joins the tables in that order.

// What to train on, how much, and how long.
std::vector<TrainingSetting> run_size_entries() {
  return {
      text<T>("device", &T::device, {"auto", "cpu", "cuda", "cuda:K"}, is_valid_device,
              {.label = QT_TRANSLATE_NOOP("Settings", "Device"),
               .flag = "--device",
               .help = "Device to train on (cuda:K: the K-th GPU)",
               .editor = "device"}),
      integer<T>("batch_size", &T::batch_size, 1, 1 << 20,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Batch size"),
                  .unit = "images",
                  .sweepable = true,
                  .flag = "--batch-size",
                  .help = "Micro-batch size",
                  .editor = "batchSize"}),
      integer<T>("accumulate", &T::accumulate, 1, 1 << 16,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Accumulation"),
                  .unit = "micro-batches",
                  .sweepable = true,
                  .flag = "--accumulate",
                  .help = "Micro-batches per optimizer step",
                  .editor = "accumulate"}),
      choice<T>("amp", &T::amp, amp_mode_names(), parse_amp_mode,
                {.label = QT_TRANSLATE_NOOP("Settings", "Mixed precision"),
                 .sweepable = true,
                 .flag = "--amp",
                 .help = "Mixed precision: off, fp16, bf16, or auto (bf16 where the CPU or GPU "
                         "computes it natively, otherwise off)",
                 .editor = "amp"}),
      integer<T>("epochs", &T::epochs, 1, kMaxEpochs,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Epochs"),
                  .unit = "epochs",
                  .sweepable = true,
                  .flag = "--epochs",
                  .help = "Epochs",
                  .editor = "epochs"}),
      integer<T>("max_steps", &T::max_steps, 0, kMaxInt,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Step limit"),
                  .unit = "steps",
                  .flag = "--max-steps",
                  .help = "Stop after this many optimizer steps (0: no limit)",
                  .editor = "maxSteps"}),
  };
}

// The optimizer and its learning-rate schedule.
std::vector<TrainingSetting> optimizer_entries() {
  return {
      optimizer_setting(choice<O>("optimizer", &O::kind, optimizer_kind_names(),
                                  parse_optimizer_kind,
                                  {.label = QT_TRANSLATE_NOOP("Settings", "Optimizer"),
                                   .sweepable = true,
                                   .flag = "--optimizer",
                                   .help = "Optimizer",
                                   .editor = "optimizer"})),
      optimizer_setting(number<O>("lr", &O::lr, 0, 100,
                                  {.label = QT_TRANSLATE_NOOP("Settings", "Learning rate"),
                                   .sweepable = true,
                                   .flag = "--lr",
                                   .help = "Learning rate",
                                   .editor = "lr"})),
      optimizer_setting(number<O>("momentum", &O::momentum, 0, 1,
                                  {.label = QT_TRANSLATE_NOOP("Settings", "Momentum"),
                                   .sweepable = true,
                                   .editor = "momentum"})),
      optimizer_setting(boolean<O>("nesterov", &O::nesterov,
                                   {.label = QT_TRANSLATE_NOOP("Settings", "Nesterov momentum"),
                                    .sweepable = true,
                                    .editor = "nesterov"})),
      optimizer_setting(number<O>("weight_decay", &O::weight_decay, 0, 10,
                                  {.label = QT_TRANSLATE_NOOP("Settings", "Weight decay"),
                                   .sweepable = true,
                                   .editor = "weightDecay"})),
      schedule_setting(choice<S>("schedule", &S::kind, lr_schedule_names(), parse_lr_schedule,
                                 {.label = QT_TRANSLATE_NOOP("Settings", "Learning-rate schedule"),
                                  .sweepable = true,
                                  .editor = "schedule"})),
      schedule_setting(integer<S>("warmup_steps", &S::warmup_steps, 0, kMaxInt,
                                  {.label = QT_TRANSLATE_NOOP("Settings", "Warm-up steps"),
                                   .unit = "steps",
                                   .sweepable = true,
                                   .editor = "warmupSteps"})),
      schedule_setting(integer<S>("step_size_epochs", &S::step_size_epochs, 1, kMaxEpochs,
                                  {.label = QT_TRANSLATE_NOOP("Settings", "Step decay interval"),
                                   .unit = "epochs",
                                   .sweepable = true,
                                   .editor = "stepSize"})),
      schedule_setting(number<S>("step_gamma", &S::step_gamma, 0, 1,
                                 {.label = QT_TRANSLATE_NOOP("Settings", "Step decay factor"),
                                  .sweepable = true,
                                  .editor = "stepGamma"})),
      optimizer_setting(number<O>("clip_grad_norm", &O::clip_grad_norm, 0, 1e9,
                                  {.label = QT_TRANSLATE_NOOP("Settings", "Gradient clipping"),
                                   .sweepable = true,
                                   .editor = "clipGradNorm"})),
  };
}

// Reproducibility, checkpoints, stopping and the data loader.
std::vector<TrainingSetting> run_control_entries() {
  return {
      integer<T>("seed", &T::seed, 0, kMaxInt,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Seed"),
                  .sweepable = true,
                  .flag = "--seed",
                  .help = "Random seed",
                  .editor = "seed"}),
      boolean<T>(
          "deterministic", &T::deterministic,
          {.label = QT_TRANSLATE_NOOP("Settings", "Deterministic"), .editor = "deterministic"}),
      validation_setting(integer<V>("checkpoint_every_epochs", &V::checkpoint_every_epochs, 0,
                                    kMaxEpochs,
                                    {.label = QT_TRANSLATE_NOOP("Settings", "Checkpoint interval"),
                                     .unit = "epochs",
                                     .editor = "checkpointEvery"})),
      validation_setting(
          boolean<V>("keep_best", &V::keep_best,
                     {.label = QT_TRANSLATE_NOOP("Settings", "Keep the best checkpoint"),
                      .editor = "keepBest"})),
      validation_setting(
          integer<V>("early_stopping_patience", &V::early_stopping_patience, 0, kMaxEpochs,
                     {.label = QT_TRANSLATE_NOOP("Settings", "Early stopping patience"),
                      .unit = "epochs",
                      .editor = "earlyStopping"})),
      boolean<T>("auto_oom_retry", &T::auto_oom_retry,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Retry when out of memory"),
                  .editor = "autoOomRetry"}),
      integer<T>("loader_workers", &T::loader_workers, 0, 256,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Loader threads"),
                  .unit = "threads",
                  .editor = "loaderWorkers"}),
  };
}

// A setting of the loss group, its key flat in the training section like the others'.
template <typename Inner>
TrainingSetting loss(SettingSpec<Inner> inner) {
  return inside(&T::loss, "", std::move(inner));
}

// Settings added after the first release: written only when set.
std::vector<TrainingSetting> later_training_entries() {
  return {
      optimizer_setting(number<O>(
          "pretrained_lr_multiplier", &O::pretrained_lr_multiplier, kMinLrMultiplier,
          kMaxLrMultiplier,
          {.label = QT_TRANSLATE_NOOP("Settings", "Pretrained blocks' learning-rate factor"),
           .sweepable = true,
           .written_when_set = true,
           .flag = "--pretrained-lr-multiplier",
           .help = "Fine-tuning: blocks that start from the project's pretrained weights "
                   "learn at this times the learning rate (new blocks at the full rate)",
           .editor = "pretrainedLrMultiplier"})),
      choice<T>(
          "memory_format", &T::memory_format, memory_format_names(), parse_memory_format,
          {.label = QT_TRANSLATE_NOOP("Settings", "Memory format"),
           .sweepable = true,
           .written_when_set = true,
           .flag = "--memory-format",
           .help = "Layout of activations and convolution weights: channels_last (NHWC), "
                   "nchw, or auto (channels-last on the CPU in bf16/fp16 or for convolutions "
                   "of 16+ channels, and on a GPU with fp16/bf16)",
           .editor = "memoryFormat",
           .shorthands = {{"--channels-last", "channels_last"}, {"--no-channels-last", "nchw"}}}),
      boolean<T>("cudnn_benchmark", &T::cudnn_benchmark,
                 {.label = QT_TRANSLATE_NOOP("Settings", "cuDNN benchmark"),
                  .written_when_set = true,
                  .flag = "--cudnn-benchmark",
                  .help = "CUDA: let cuDNN time its convolution algorithms and keep the fastest",
                  .editor = "cudnnBenchmark"}),
      integer<T>("processes", &T::processes, 1, kMaxProcesses,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Processes"),
                  .unit = "processes",
                  .written_when_set = true,
                  .editor = "device"}),
      boolean<T>("sync_batch_norm", &T::sync_batch_norm,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Synchronised BatchNorm"),
                  .written_when_set = true,
                  .flag = "--sync-batch-norm",
                  .help = "Data-parallel: BatchNorm2d normalises with the statistics of all "
                          "processes' batches together (SyncBatchNorm); no effect with one "
                          "process",
                  .editor = "syncBatchNorm"}),
      validation_setting(
          integer<V>("validate_every_steps", &V::every_steps, 0, kMaxInt,
                     {.label = QT_TRANSLATE_NOOP("Settings", "Validate every"),
                      .unit = "steps",
                      .written_when_set = true,
                      .flag = "--validate-every-steps",
                      .help = "Also validate every this many optimizer steps (0: only at each "
                              "epoch's end and the run's end)",
                      .editor = "validateEvery"})),
  };
}

// The loss group's settings (issue 34), later too: written only when set.
std::vector<TrainingSetting> loss_entries() {
  return {
      loss(text<L>("class_weights", &L::class_weights, {"none", "balanced", "w1,w2,..."},
                   is_valid_class_weights,
                   {.label = QT_TRANSLATE_NOOP("Settings", "Class weights"),
                    .sweepable = true,
                    .written_when_set = true,
                    .flag = "--class-weights",
                    .help = "Loss weight of each class: none, balanced (n_samples / (classes x "
                            "the class's count), as scikit-learn) or one weight per class, "
                            "comma-separated",
                    .editor = "classWeights"})),
      loss(number<L>("label_smoothing", &L::label_smoothing, 0, kMaxLabelSmoothing,
                     {.label = QT_TRANSLATE_NOOP("Settings", "Label smoothing"),
                      .sweepable = true,
                      .written_when_set = true,
                      .flag = "--label-smoothing",
                      .help = "Label smoothing of the cross-entropy (0 to 0.5)",
                      .editor = "labelSmoothing"})),
      loss(choice<L>("best_metric", &L::best_metric, best_metric_names(), parse_best_metric,
                     {.label = QT_TRANSLATE_NOOP("Settings", "Best checkpoint by"),
                      .written_when_set = true,
                      .flag = "--best-metric",
                      .help = "Validation figure the best checkpoint keeps: accuracy, "
                              "balanced_accuracy, macro_f1 or miou (segmentation; all but "
                              "accuracy also drive early stopping, which otherwise watches the "
                              "validation loss)",
                      .editor = "bestMetric"})),
      loss(choice<L>("segmentation_loss", &L::segmentation_loss, segmentation_loss_names(),
                     parse_segmentation_loss,
                     {.label = QT_TRANSLATE_NOOP("Settings", "Segmentation loss"),
                      .sweepable = true,
                      .written_when_set = true,
                      .flag = "--segmentation-loss",
                      .help = "Segmentation's per-pixel loss: cross-entropy, dice or "
                              "cross-entropy+dice",
                      .editor = "segmentationLoss"})),
      loss(choice<L>("sampler", &L::sampler, sampler_kind_names(), parse_sampler_kind,
                     {.label = QT_TRANSLATE_NOOP("Settings", "Sampler"),
                      .sweepable = true,
                      .written_when_set = true,
                      .flag = "--sampler",
                      .help = "How an epoch draws the training images: shuffle (each once) or "
                              "class-balanced (a class chosen uniformly, then one of its images, "
                              "with replacement)",
                      .editor = "sampler"})),
      loss(number<L>("mixup_alpha", &L::mixup_alpha, 0, kMaxMixingAlpha,
                     {.label = QT_TRANSLATE_NOOP("Settings", "Mixup alpha"),
                      .sweepable = true,
                      .written_when_set = true,
                      .flag = "--mixup-alpha",
                      .help = "Mixup (torchvision's MixUp): blend each image with another one "
                              "of its batch, lambda ~ Beta(alpha, alpha) (0: off; 0.2 is common)",
                      .editor = "mixupAlpha"})),
      loss(number<L>("mixup_probability", &L::mixup_probability, 0, 1,
                     {.label = QT_TRANSLATE_NOOP("Settings", "Mixup probability"),
                      .sweepable = true,
                      .written_when_set = true,
                      .flag = "--mixup-probability",
                      .help = "Share of the batches mixup is applied to, when it is chosen",
                      .editor = "mixupProbability"})),
      loss(number<L>("cutmix_alpha", &L::cutmix_alpha, 0, kMaxMixingAlpha,
                     {.label = QT_TRANSLATE_NOOP("Settings", "CutMix alpha"),
                      .sweepable = true,
                      .written_when_set = true,
                      .flag = "--cutmix-alpha",
                      .help = "CutMix (torchvision's CutMix): paste a box of another image of "
                              "the batch, of area 1 - lambda, lambda ~ Beta(alpha, alpha) (0: "
                              "off; 1 is common); with mixup on, each batch takes one of the two",
                      .editor = "cutmixAlpha"})),
      loss(number<L>("cutmix_probability", &L::cutmix_probability, 0, 1,
                     {.label = QT_TRANSLATE_NOOP("Settings", "CutMix probability"),
                      .sweepable = true,
                      .written_when_set = true,
                      .flag = "--cutmix-probability",
                      .help = "Share of the batches CutMix is applied to, when it is chosen",
                      .editor = "cutmixProbability"})),
  };
}

std::vector<TrainingSetting> training_entries() {
  std::vector<TrainingSetting> entries;
  for (auto group : {run_size_entries(), optimizer_entries(), run_control_entries(),
                     later_training_entries(), loss_entries()}) {
    entries.insert(entries.end(), std::make_move_iterator(group.begin()),
                   std::make_move_iterator(group.end()));
  }
  return entries;
}

template <typename Inner>
DatasetSetting augmentation(SettingSpec<Inner> inner) {
  return inside(&D::augmentation, "augmentation", std::move(inner));
}

DatasetSetting input(DatasetSetting setting) {
  setting.group = "input";
  return setting;
}

// The augmentation entries, in the table's order (between the cache and normalisation).
std::vector<DatasetSetting> augmentation_entries() {
  return {
      augmentation(integer<A>("random_crop_padding", &A::random_crop_padding, 0, 256,
                              {.label = QT_TRANSLATE_NOOP("Settings", "Random crop padding"),
                               .unit = "pixels",
                               .sweepable = true,
                               .editor = "cropPadding"})),
      augmentation(boolean<A>("horizontal_flip", &A::horizontal_flip,
                              {.label = QT_TRANSLATE_NOOP("Settings", "Mirror left-right"),
                               .sweepable = true,
                               .editor = "hflip"})),
      augmentation(number<A>("rotation_degrees", &A::rotation_degrees, 0, 180,
                             {.label = QT_TRANSLATE_NOOP("Settings", "Random rotation"),
                              .unit = "degrees",
                              .sweepable = true,
                              .editor = "rotation"})),
      augmentation(number<A>("brightness", &A::brightness, 0, 1,
                             {.label = QT_TRANSLATE_NOOP("Settings", "Brightness"),
                              .sweepable = true,
                              .editor = "brightness"})),
      augmentation(number<A>("contrast", &A::contrast, 0, 1,
                             {.label = QT_TRANSLATE_NOOP("Settings", "Contrast"),
                              .sweepable = true,
                              .editor = "contrast"})),
      augmentation(boolean<A>("random_resized_crop", &A::random_resized_crop,
                              {.label = QT_TRANSLATE_NOOP("Settings", "Random resized crop"),
                               .sweepable = true,
                               .editor = "resizedCrop"})),
      augmentation(number<A>("crop_min_scale", &A::crop_min_scale, 0.01, 1,
                             {.label = QT_TRANSLATE_NOOP("Settings", "Smallest crop area"),
                              .sweepable = true,
                              .editor = "cropMinScale"})),
      augmentation(number<A>("crop_max_scale", &A::crop_max_scale, 0.01, 1,
                             {.label = QT_TRANSLATE_NOOP("Settings", "Largest crop area"),
                              .sweepable = true,
                              .editor = "cropMinScale"})),
      augmentation(
          number<A>("crop_min_ratio", &A::crop_min_ratio, 0.1, 10,
                    {.label = QT_TRANSLATE_NOOP("Settings", "Smallest crop aspect ratio")})),
      augmentation(
          number<A>("crop_max_ratio", &A::crop_max_ratio, 0.1, 10,
                    {.label = QT_TRANSLATE_NOOP("Settings", "Largest crop aspect ratio")})),
      augmentation(number<A>("random_erasing", &A::random_erasing, 0, 1,
                             {.label = QT_TRANSLATE_NOOP("Settings", "Random erasing"),
                              .sweepable = true,
                              .written_when_set = true,
                              .editor = "erasing"})),
  };
}

// Adding a dataset setting: its member in DatasetSettings (or AugmentationSettings), and one
// entry here (or in augmentation_entries), as for training's.
std::vector<DatasetSetting> dataset_entries() {
  std::vector<DatasetSetting> entries = {
      choice<D>("source", &D::source, dataset_kind_names(), parse_dataset_kind,
                {.label = QT_TRANSLATE_NOOP("Settings", "Dataset"), .editor = "datasetKind"}),
      text<D>("path", &D::path, {}, [](std::string_view) { return true; },
              {.label = QT_TRANSLATE_NOOP("Settings", "Folder or file"), .editor = "datasetPath"}),
      choice<D>("validation", &D::validation, validation_split_names(), parse_validation_split,
                {.label = QT_TRANSLATE_NOOP("Settings", "Validation"), .editor = "validation"}),
      number<D>("validation_fraction", &D::validation_fraction, 0, 0.9,
                {.label = QT_TRANSLATE_NOOP("Settings", "Validation share"),
                 .editor = "validationFraction"}),
      input(integer<D>("channels", &D::input_channels, 0, 64,
                       {.label = QT_TRANSLATE_NOOP("Settings", "Input channels")})),
      input(integer<D>("height", &D::input_height, 0, 4096,
                       {.label = QT_TRANSLATE_NOOP("Settings", "Input height"), .unit = "pixels"})),
      input(integer<D>("width", &D::input_width, 0, 4096,
                       {.label = QT_TRANSLATE_NOOP("Settings", "Input width"), .unit = "pixels"})),
      choice<D>("fit", &D::fit, fit_mode_names(), parse_fit_mode,
                {.label = QT_TRANSLATE_NOOP("Settings", "Fit to input"),
                 .flag = "--fit",
                 .help = "How images of another size are fitted: resize-crop, stretch or pad",
                 .editor = "fit"}),
      choice<D>("cache", &D::cache, cache_mode_names(), parse_cache_mode,
                {.label = QT_TRANSLATE_NOOP("Settings", "Decoded cache"), .editor = "cache"}),
      integer<D>("cache_budget_mb", &D::cache_budget_mb, 0, std::int64_t{1} << 40,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Cache budget"),
                  .unit = "MiB",
                  .editor = "cache"}),
  };
  for (DatasetSetting& entry : augmentation_entries()) entries.push_back(std::move(entry));
  std::vector<DatasetSetting> last = {
      boolean<D>("normalize", &D::normalize,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Normalise"), .editor = "normalize"}),
      boolean<D>("allow_paths_outside", &D::allow_paths_outside,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Paths outside the dataset folder"),
                  .written_when_set = true}),
      // A k-fold study's trials validate on one fold (validation "fold"); written only when
      // set, so other project files stay readable by ConvStudios before k-fold studies.
      integer<D>("folds", &D::folds, 2, 1000,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Folds"), .written_when_set = true}),
      integer<D>(
          "validation_fold", &D::validation_fold, 0, 999,
          {.label = QT_TRANSLATE_NOOP("Settings", "Validation fold"), .written_when_set = true}),
      integer<D>("fold_seed", &D::fold_seed, 0, kMaxInt,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Fold seed"), .written_when_set = true}),
      boolean<D>(
          "stratified_folds", &D::stratified_folds,
          {.label = QT_TRANSLATE_NOOP("Settings", "Stratified folds"), .written_when_set = true}),
      // Written only when set, as the folds: classification projects never need it.
      integer<D>("ignore_label", &D::ignore_label, 0, 65535,
                 {.label = QT_TRANSLATE_NOOP("Settings", "Ignored mask value"),
                  .written_when_set = true,
                  .flag = "--ignore-label",
                  .help = "Segmentation: the mask value no loss or metric counts (default 255)"}),
  };
  for (DatasetSetting& entry : last) entries.push_back(std::move(entry));
  return entries;
}

template <typename Settings>
std::string place_in(const std::string& section, const SettingSpec<Settings>& setting) {
  return section + "." + (setting.group.empty() ? "" : setting.group + ".") + setting.key;
}

template <typename Settings>
const SettingSpec<Settings>* find_by_name(const std::vector<SettingSpec<Settings>>& table,
                                          const std::string& section, std::string_view name) {
  for (const SettingSpec<Settings>& setting : table) {
    if (name == setting.key || name == place_in(section, setting)) return &setting;
  }
  return nullptr;
}

template <typename Settings>
const SettingSpec<Settings>* find_by_flag(const std::vector<SettingSpec<Settings>>& table,
                                          std::string_view flag) {
  for (const SettingSpec<Settings>& setting : table) {
    if (!setting.cli_flag.empty() && flag == setting.cli_flag) return &setting;
  }
  return nullptr;
}

}  // namespace

const std::vector<TrainingSetting>& training_setting_table() {
  static const std::vector<TrainingSetting> table = training_entries();
  return table;
}

const std::vector<DatasetSetting>& dataset_setting_table() {
  static const std::vector<DatasetSetting> table = dataset_entries();
  return table;
}

std::string setting_place(const TrainingSetting& setting) {
  return place_in("training", setting);
}

std::string setting_place(const DatasetSetting& setting) {
  return place_in("dataset", setting);
}

const TrainingSetting* find_training_setting(std::string_view name) {
  return find_by_name(training_setting_table(), "training", name);
}

const DatasetSetting* find_dataset_setting(std::string_view name) {
  return find_by_name(dataset_setting_table(), "dataset", name);
}

const TrainingSetting* find_training_flag(std::string_view flag) {
  return find_by_flag(training_setting_table(), flag);
}

const DatasetSetting* find_dataset_flag(std::string_view flag) {
  return find_by_flag(dataset_setting_table(), flag);
}

}  // namespace convstudio
