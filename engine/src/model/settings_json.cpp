#include "settings_json.h"

#include <limits>

#include "convstudio/model/dataset_format.h"
#include "json_fields.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;
constexpr std::int64_t kMaxInt = std::numeric_limits<std::int64_t>::max();

}  // namespace

Json SettingsJson::to_json(const DatasetSettings& d, Keys keys) {
  const AugmentationSettings& a = d.augmentation;
  Json json{
      {"source", to_string(d.source)},
      {"path", d.path},
      {"validation", to_string(d.validation)},
      {"validation_fraction", d.validation_fraction},
      {"input",
       Json{{"channels", d.input_channels}, {"height", d.input_height}, {"width", d.input_width}}},
      {"fit", to_string(d.fit)},
      {"cache", to_string(d.cache)},
      {"cache_budget_mb", d.cache_budget_mb},
      {"augmentation", Json{{"random_crop_padding", a.random_crop_padding},
                            {"horizontal_flip", a.horizontal_flip},
                            {"rotation_degrees", a.rotation_degrees},
                            {"brightness", a.brightness},
                            {"contrast", a.contrast},
                            {"random_resized_crop", a.random_resized_crop},
                            {"crop_min_scale", a.crop_min_scale},
                            {"crop_max_scale", a.crop_max_scale},
                            {"crop_min_ratio", a.crop_min_ratio},
                            {"crop_max_ratio", a.crop_max_ratio}}},
      {"normalize", d.normalize}};
  // Written only when on, so projects without them stay readable by older ConvStudios.
  if (keys == Keys::Every || d.allow_paths_outside)
    json["allow_paths_outside"] = d.allow_paths_outside;
  if (keys == Keys::Every || a.random_erasing > 0)
    json["augmentation"]["random_erasing"] = a.random_erasing;
  return json;
}

Json SettingsJson::to_json(const TrainingSettings& t, Keys keys) {
  Json json{{"device", t.device},
            {"batch_size", t.batch_size},
            {"accumulate", t.accumulate},
            {"amp", to_string(t.amp)},
            {"epochs", t.epochs},
            {"max_steps", t.max_steps},
            {"optimizer", to_string(t.optimizer)},
            {"lr", t.lr},
            {"momentum", t.momentum},
            {"nesterov", t.nesterov},
            {"weight_decay", t.weight_decay},
            {"schedule", to_string(t.schedule)},
            {"warmup_steps", t.warmup_steps},
            {"step_size_epochs", t.step_size_epochs},
            {"step_gamma", t.step_gamma},
            {"clip_grad_norm", t.clip_grad_norm},
            {"seed", t.seed},
            {"deterministic", t.deterministic},
            {"checkpoint_every_epochs", t.checkpoint_every_epochs},
            {"keep_best", t.keep_best},
            {"early_stopping_patience", t.early_stopping_patience},
            {"auto_oom_retry", t.auto_oom_retry},
            {"loader_workers", t.loader_workers}};
  // Written only when set, so projects that do not fine-tune stay readable by older ConvStudios.
  const bool every = keys == Keys::Every;
  if (every || t.pretrained_lr_multiplier != 1)
    json["pretrained_lr_multiplier"] = t.pretrained_lr_multiplier;
  if (every || t.channels_last) json["channels_last"] = t.channels_last;
  if (every || t.cudnn_benchmark) json["cudnn_benchmark"] = t.cudnn_benchmark;
  if (every || t.processes != 1) json["processes"] = t.processes;
  if (every || t.sync_batch_norm) json["sync_batch_norm"] = t.sync_batch_norm;
  return json;
}

DatasetSettings SettingsJson::dataset_from_json(const Json& json, const std::string& path,
                                                std::vector<Error>& errors) {
  DatasetSettings d;
  JsonFields f(json, path, errors);
  if (!f.valid()) return d;
  f.read_enum<DatasetKind>("source", d.source, parse_dataset_kind, dataset_format_names().c_str());
  f.read("path", d.path);
  f.read("allow_paths_outside", d.allow_paths_outside);
  f.read_enum<ValidationSplit>("validation", d.validation, parse_validation_split,
                               "test-set, fraction");
  f.read("validation_fraction", d.validation_fraction, 0.0, 0.9);
  if (const Json* input = f.object("input")) {
    JsonFields in(*input, f.field("input"), errors);
    in.read("channels", d.input_channels, 0, 64);
    in.read("height", d.input_height, 0, 4096);
    in.read("width", d.input_width, 0, 4096);
    in.finish();
  }
  f.read_enum<FitMode>("fit", d.fit, parse_fit_mode, "resize-crop, stretch, pad");
  f.read_enum<CacheMode>("cache", d.cache, parse_cache_mode, "auto, on, off");
  f.read("cache_budget_mb", d.cache_budget_mb, 0, std::int64_t{1} << 40);
  if (const Json* augmentation = f.object("augmentation")) {
    d.augmentation = augmentation_from_json(*augmentation, f.field("augmentation"), errors);
  }
  f.read("normalize", d.normalize);
  f.finish();
  return d;
}

AugmentationSettings SettingsJson::augmentation_from_json(const Json& json, const std::string& path,
                                                          std::vector<Error>& errors) {
  AugmentationSettings a;
  JsonFields aug(json, path, errors);
  if (!aug.valid()) return a;
  aug.read("random_crop_padding", a.random_crop_padding, 0, 256);
  aug.read("horizontal_flip", a.horizontal_flip);
  aug.read("rotation_degrees", a.rotation_degrees, 0.0, 180.0);
  aug.read("brightness", a.brightness, 0.0, 1.0);
  aug.read("contrast", a.contrast, 0.0, 1.0);
  aug.read("random_resized_crop", a.random_resized_crop);
  aug.read("crop_min_scale", a.crop_min_scale, 0.01, 1.0);
  aug.read("crop_max_scale", a.crop_max_scale, 0.01, 1.0);
  aug.read("crop_min_ratio", a.crop_min_ratio, 0.1, 10.0);
  aug.read("crop_max_ratio", a.crop_max_ratio, 0.1, 10.0);
  aug.read("random_erasing", a.random_erasing, 0.0, 1.0);
  if (a.crop_min_scale > a.crop_max_scale) {
    aug.error("crop_min_scale", "is above crop_max_scale");
  }
  if (a.crop_min_ratio > a.crop_max_ratio) {
    aug.error("crop_min_ratio", "is above crop_max_ratio");
  }
  aug.finish();
  return a;
}

TrainingSettings SettingsJson::training_from_json(const Json& json, const std::string& path,
                                                  std::vector<Error>& errors) {
  TrainingSettings t;
  JsonFields f(json, path, errors);
  if (!f.valid()) return t;
  f.read("device", t.device);
  if (!is_valid_device(t.device)) {
    f.error("device", "'" + t.device + "' is not one of auto, cpu, cuda, cuda:K");
  }
  f.read("processes", t.processes, 1, kMaxProcesses);
  f.read("sync_batch_norm", t.sync_batch_norm);
  f.read("batch_size", t.batch_size, 1, 1 << 20);
  f.read("accumulate", t.accumulate, 1, 1 << 16);
  f.read_enum<AmpMode>("amp", t.amp, parse_amp_mode, "off, fp16, bf16, auto");
  f.read("channels_last", t.channels_last);
  f.read("cudnn_benchmark", t.cudnn_benchmark);
  f.read("epochs", t.epochs, 1, 1 << 20);
  f.read("max_steps", t.max_steps, 0, kMaxInt);
  f.read_enum<OptimizerKind>("optimizer", t.optimizer, parse_optimizer_kind, "sgd, adam, adamw");
  f.read("lr", t.lr, 0.0, 100.0);
  f.read("pretrained_lr_multiplier", t.pretrained_lr_multiplier, kMinLrMultiplier,
         kMaxLrMultiplier);
  f.read("momentum", t.momentum, 0.0, 1.0);
  f.read("nesterov", t.nesterov);
  f.read("weight_decay", t.weight_decay, 0.0, 10.0);
  f.read_enum<LrSchedule>("schedule", t.schedule, parse_lr_schedule,
                          "constant, step, cosine, onecycle");
  f.read("warmup_steps", t.warmup_steps, 0, kMaxInt);
  f.read("step_size_epochs", t.step_size_epochs, 1, 1 << 20);
  f.read("step_gamma", t.step_gamma, 0.0, 1.0);
  f.read("clip_grad_norm", t.clip_grad_norm, 0.0, 1e9);
  f.read("seed", t.seed, 0, kMaxInt);
  f.read("deterministic", t.deterministic);
  f.read("checkpoint_every_epochs", t.checkpoint_every_epochs, 0, 1 << 20);
  f.read("keep_best", t.keep_best);
  f.read("early_stopping_patience", t.early_stopping_patience, 0, 1 << 20);
  f.read("auto_oom_retry", t.auto_oom_retry);
  f.read("loader_workers", t.loader_workers, 0, 256);
  f.finish();
  return t;
}

}  // namespace convstudio
