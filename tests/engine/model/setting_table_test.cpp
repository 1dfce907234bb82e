#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "convstudio/model/project.h"
#include "convstudio/model/setting_table.h"
#include "convstudio/model/template_library.h"
#include "settings_json.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

// Every setting away from its default, so the keys written only when set are written too.
void set_everything(DatasetSettings& d, TrainingSettings& t) {
  d.source = DatasetKind::Csv;
  d.path = "/data/labels.csv";
  d.allow_paths_outside = true;
  d.validation = ValidationSplit::Fraction;
  d.validation_fraction = 0.25;
  d.input_channels = 3;
  d.input_height = 40;
  d.input_width = 48;
  d.fit = FitMode::Pad;
  d.cache = CacheMode::Off;
  d.cache_budget_mb = 512;
  d.augmentation = {4, true, 10, 0.2, 0.3, true, 0.2, 0.9, 0.5, 1.5, 0.25};
  d.normalize = false;
  d.folds = 3;
  d.validation_fold = 2;
  d.fold_seed = 9;
  d.stratified_folds = true;
  t.device = "cuda:1";
  t.processes = 2;
  t.sync_batch_norm = true;
  t.batch_size = 32;
  t.accumulate = 2;
  t.amp = AmpMode::Bf16;
  t.memory_format = MemoryFormat::Nchw;
  t.cudnn_benchmark = true;
  t.epochs = 7;
  t.max_steps = 900;
  t.optimizer.kind = OptimizerKind::AdamW;
  t.optimizer.lr = 0.003;
  t.optimizer.pretrained_lr_multiplier = 0.1;
  t.optimizer.momentum = 0.8;
  t.optimizer.nesterov = true;
  t.optimizer.weight_decay = 0.01;
  t.schedule.kind = LrSchedule::OneCycle;
  t.schedule.warmup_steps = 50;
  t.schedule.step_size_epochs = 3;
  t.schedule.step_gamma = 0.5;
  t.optimizer.clip_grad_norm = 2.5;
  t.seed = 7;
  t.deterministic = true;
  t.validation.checkpoint_every_epochs = 2;
  t.validation.keep_best = false;
  t.validation.early_stopping_patience = 3;
  t.validation.every_steps = 25;
  t.auto_oom_retry = true;
  t.loader_workers = 5;
  t.loss.class_weights = "1,4.5,0.25";
  t.loss.label_smoothing = 0.1;
  t.loss.best_metric = BestMetric::MacroF1;
  t.loss.sampler = SamplerKind::ClassBalanced;
  t.loss.mixup_alpha = 0.2;
  t.loss.mixup_probability = 0.5;
  t.loss.cutmix_alpha = 1;
  t.loss.cutmix_probability = 0.25;
}

// The settings of each template's project (its recipe over the defaults) and of one project
// with every setting changed, each written as a project file and as the comparison table write
// them: the JSON the settings code wrote before the setting table.
Json written_settings() {
  std::vector<std::pair<std::string, Project>> projects;
  for (const TemplateInfo& info : TemplateLibrary::list()) {
    // The fixture pins what the code before the table wrote, for the templates of that time.
    if (info.name == "unet-small") continue;
    TemplateInstance instance =
        TemplateLibrary::instantiate(info.name, TensorShape::image(1, 28, 28), 10);
    Project project;
    instance.recipe.apply_to(project);
    projects.emplace_back(info.name, project);
  }
  Project everything;
  set_everything(everything.dataset, everything.training);
  projects.emplace_back("everything", everything);
  Json written = Json::object();
  for (const auto& [name, project] : projects) {
    written[name] = Json{
        {"dataset", SettingsJson::to_json(project.dataset)},
        {"training", SettingsJson::to_json(project.training)},
        {"dataset_every", SettingsJson::to_json(project.dataset, SettingsJson::Keys::Every)},
        {"training_every", SettingsJson::to_json(project.training, SettingsJson::Keys::Every)}};
  }
  return written;
}

std::string fixture_path() {
  return std::string(CONVSTUDIO_MODEL_FIXTURES) + "/settings_before_table.json";
}

TEST(SettingTable, WritesTheSameJsonAsTheSettingsCodeBeforeIt) {
  const Json written = written_settings();
  if (std::getenv("CONVSTUDIO_WRITE_FIXTURES") != nullptr) {
    std::ofstream(fixture_path()) << written.dump(2) << "\n";
  }
  std::ifstream in(fixture_path());
  ASSERT_TRUE(in) << fixture_path();
  const Json before = Json::parse(in);
  // Dumped, so the order of the keys counts too.
  EXPECT_EQ(written.dump(2), before.dump(2));
}

// Project files from before memory_format said "channels_last": true (asked for) or false (the
// default, written by the files that wrote every key).
TEST(SettingTable, ReadsTheFormerChannelsLastSwitch) {
  std::vector<Error> errors;
  const auto read = [&](const char* text) {
    return SettingsJson::training_from_json(Json::parse(text), "training", errors);
  };
  EXPECT_EQ(read(R"({"channels_last": true})").memory_format, MemoryFormat::ChannelsLast);
  EXPECT_EQ(read(R"({"channels_last": false})").memory_format, MemoryFormat::Auto);
  EXPECT_EQ(read(R"({"memory_format": "nchw"})").memory_format, MemoryFormat::Nchw);
  EXPECT_TRUE(errors.empty());
  read(R"({"channels_last": true, "memory_format": "nchw"})");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].describe(),
            "training.channels_last: is the former name of memory_format; give only "
            "memory_format");
  errors.clear();
  read(R"({"channels_last": "yes"})");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].describe(), "training.channels_last: must be true or false");
}

TEST(SettingTable, ReadsBackWhatItWrites) {
  DatasetSettings dataset;
  TrainingSettings training;
  set_everything(dataset, training);
  std::vector<Error> errors;
  EXPECT_EQ(SettingsJson::dataset_from_json(SettingsJson::to_json(dataset), "dataset", errors),
            dataset);
  EXPECT_EQ(SettingsJson::training_from_json(SettingsJson::to_json(training), "training", errors),
            training);
  EXPECT_TRUE(errors.empty());
}

// Text for `setting` that its range or names refuse: below the minimum, or a word not allowed.
template <typename Settings>
std::optional<std::string> refused_text(const SettingSpec<Settings>& setting) {
  switch (setting.type) {
    case SettingType::Integer:
      return std::to_string(setting.integer_min - 1);
    case SettingType::Number:
      return std::to_string(static_cast<std::int64_t>(setting.number_min) - 1);
    case SettingType::Choice:
      return "nonsense";
    case SettingType::Text:
      return setting.accepts("nonsense") ? std::nullopt : std::optional<std::string>("nonsense");
    case SettingType::Boolean:
      return std::nullopt;
  }
  return std::nullopt;
}

// What the project file's reader says about `text` at `setting`, given as the JSON it parses to.
template <typename Settings, typename Read>
Error file_error(const SettingSpec<Settings>& setting, const std::string& text,
                 const std::string& section, Read read) {
  Json json = SettingsJson::to_json(Settings{}, SettingsJson::Keys::Every);
  Json value = Json::parse(text, nullptr, false);
  Json& object = setting.group.empty() ? json : json[setting.group];
  object[setting.key] = value.is_discarded() ? Json(text) : value;
  std::vector<Error> errors;
  read(json, section, errors);
  return errors.empty() ? Error{} : errors.front();
}

template <typename Settings, typename Read>
void expect_text_refused_as_the_file_refuses(const std::vector<SettingSpec<Settings>>& table,
                                             const std::string& section, Read read) {
  for (const SettingSpec<Settings>& setting : table) {
    const std::optional<std::string> text = refused_text(setting);
    if (!text) continue;
    Settings settings;
    const std::optional<Error> refused = set_from_text(settings, setting, *text);
    ASSERT_TRUE(refused.has_value()) << setting.key << " took " << *text;
    const Error from_file = file_error(setting, *text, section, read);
    EXPECT_EQ(refused->field, setting_place(setting));
    EXPECT_EQ(refused->field, from_file.field);
    EXPECT_EQ(refused->message, from_file.message) << setting.key;
    EXPECT_EQ(settings, Settings{}) << setting.key;
  }
}

// The CLI's flags and a sweep's values go through set_from_text: `--lr 200`, `--seed -1`,
// `--amp fp9` are refused with the place and message a project file holding them gets.
TEST(SettingTable, TextPastARangeIsRefusedWithTheProjectFilesMessage) {
  expect_text_refused_as_the_file_refuses(training_setting_table(), "training",
                                          SettingsJson::training_from_json);
  expect_text_refused_as_the_file_refuses(dataset_setting_table(), "dataset",
                                          SettingsJson::dataset_from_json);
  TrainingSettings t;
  EXPECT_EQ(set_from_text(t, *find_training_flag("--lr"), "200")->describe(),
            "training.lr: 200 is outside 0..100");
}

TEST(SettingTable, TextInsideTheRangeIsSet) {
  TrainingSettings t;
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--lr"), "0.5"));
  EXPECT_EQ(t.optimizer.lr, 0.5);
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--memory-format"), "channels_last"));
  EXPECT_EQ(t.memory_format, MemoryFormat::ChannelsLast);
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--optimizer"), "adamw"));
  EXPECT_EQ(t.optimizer.kind, OptimizerKind::AdamW);
  DatasetSettings d;
  EXPECT_FALSE(set_from_text(d, *find_dataset_setting("horizontal_flip"), "true"));
  EXPECT_TRUE(d.augmentation.horizontal_flip);
  EXPECT_FALSE(set_from_text(d, *find_dataset_flag("--fit"), "pad"));
  EXPECT_EQ(d.fit, FitMode::Pad);
}

template <typename Settings>
void expect_defaults_inside_their_ranges(const std::vector<SettingSpec<Settings>>& table) {
  const Settings defaults;
  for (const SettingSpec<Settings>& setting : table) {
    const SettingValue value = setting.get(defaults);
    if (setting.type == SettingType::Integer) {
      EXPECT_GE(std::get<std::int64_t>(value), setting.integer_min) << setting.key;
      EXPECT_LE(std::get<std::int64_t>(value), setting.integer_max) << setting.key;
    } else if (setting.type == SettingType::Number) {
      EXPECT_GE(std::get<double>(value), setting.number_min) << setting.key;
      EXPECT_LE(std::get<double>(value), setting.number_max) << setting.key;
    } else if (setting.type == SettingType::Choice) {
      const auto& names = setting.names;
      EXPECT_NE(std::find(names.begin(), names.end(), std::get<std::string>(value)), names.end())
          << setting.key;
    }
  }
}

// A flag is the key with dashes, so `--max-steps` is found from `max_steps` and no two clash.
template <typename Settings>
void expect_flags_named_after_keys(const std::vector<SettingSpec<Settings>>& table,
                                   std::set<std::string>& flags) {
  for (const SettingSpec<Settings>& setting : table) {
    if (setting.cli_flag.empty()) continue;
    std::string expected = "--" + setting.key;
    std::replace(expected.begin(), expected.end(), '_', '-');
    EXPECT_EQ(setting.cli_flag, expected);
    EXPECT_TRUE(flags.insert(setting.cli_flag).second) << setting.cli_flag;
    EXPECT_FALSE(setting.help.empty()) << setting.cli_flag;
  }
}

TEST(SettingTable, DefaultsAreInsideTheirRangesAndFlagsAreNamedAfterKeys) {
  expect_defaults_inside_their_ranges(training_setting_table());
  expect_defaults_inside_their_ranges(dataset_setting_table());
  std::set<std::string> flags;
  expect_flags_named_after_keys(training_setting_table(), flags);
  expect_flags_named_after_keys(dataset_setting_table(), flags);
  EXPECT_TRUE(flags.contains("--lr") && flags.contains("--fit"));
}

// Issue 34's loss group: keys flat in the training section, flags, sweeps, and the weight list
// checked as the project file checks it.
TEST(SettingTable, LossSettingsAreSettingsLikeTheOthers) {
  TrainingSettings t;
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--class-weights"), "balanced"));
  EXPECT_EQ(t.loss.class_weights, "balanced");
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--class-weights"), "1, 2.5,0"));
  EXPECT_EQ(t.loss.class_weights, "1, 2.5,0");
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--label-smoothing"), "0.1"));
  EXPECT_EQ(t.loss.label_smoothing, 0.1);
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--best-metric"), "balanced_accuracy"));
  EXPECT_EQ(t.loss.best_metric, BestMetric::BalancedAccuracy);
  for (const char* refused : {"0,0", "1,,2", "1,-2", "inf", "balanced,1", ""}) {
    EXPECT_TRUE(set_from_text(t, *find_training_flag("--class-weights"), refused)) << refused;
  }
  EXPECT_EQ(set_from_text(t, *find_training_flag("--label-smoothing"), "0.6")->describe(),
            "training.label_smoothing: 0.6 is outside 0..0.5");
  EXPECT_EQ(setting_place(*find_training_setting("class_weights")), "training.class_weights");
  EXPECT_TRUE(find_training_setting("class_weights")->sweepable);
  EXPECT_TRUE(find_training_setting("label_smoothing")->sweepable);
  // Left out of a saved file while they hold their defaults, so older ConvStudios read it.
  const auto json = SettingsJson::to_json(TrainingSettings{});
  EXPECT_FALSE(json.contains("class_weights") || json.contains("label_smoothing") ||
               json.contains("best_metric"));
}

// The sampler and mixup/CutMix (issue 34): flags, ranges, sweeps, and files that leave them out.
TEST(SettingTable, SamplerAndMixingAreSettingsLikeTheOthers) {
  TrainingSettings t;
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--sampler"), "class-balanced"));
  EXPECT_EQ(t.loss.sampler, SamplerKind::ClassBalanced);
  EXPECT_TRUE(set_from_text(t, *find_training_flag("--sampler"), "balanced"));
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--mixup-alpha"), "0.2"));
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--mixup-probability"), "0.5"));
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--cutmix-alpha"), "1"));
  EXPECT_FALSE(set_from_text(t, *find_training_flag("--cutmix-probability"), "0.75"));
  EXPECT_EQ(t.loss.mixup_alpha, 0.2);
  EXPECT_EQ(t.loss.mixup_probability, 0.5);
  EXPECT_EQ(t.loss.cutmix_alpha, 1.0);
  EXPECT_EQ(t.loss.cutmix_probability, 0.75);
  EXPECT_TRUE(t.loss.mixes());
  EXPECT_EQ(set_from_text(t, *find_training_flag("--cutmix-probability"), "1.5")->describe(),
            "training.cutmix_probability: 1.5 is outside 0..1");
  EXPECT_EQ(set_from_text(t, *find_training_flag("--mixup-alpha"), "11")->describe(),
            "training.mixup_alpha: 11 is outside 0..10");
  for (const char* key :
       {"sampler", "mixup_alpha", "mixup_probability", "cutmix_alpha", "cutmix_probability"}) {
    EXPECT_TRUE(find_training_setting(key)->sweepable) << key;
  }
  // Written when set, read back as written.
  const auto json = SettingsJson::to_json(t);
  EXPECT_EQ(json.at("sampler"), "class-balanced");
  EXPECT_EQ(json.at("cutmix_probability"), 0.75);
  const auto defaults = SettingsJson::to_json(TrainingSettings{});
  for (const char* key :
       {"sampler", "mixup_alpha", "mixup_probability", "cutmix_alpha", "cutmix_probability"}) {
    EXPECT_FALSE(defaults.contains(key)) << key;
  }
  EXPECT_FALSE(TrainingSettings{}.loss.mixes());
}

TEST(SettingTable, PlacesAreHowTheProjectFileSpellsThem) {
  EXPECT_EQ(setting_place(*find_training_setting("lr")), "training.lr");
  EXPECT_EQ(setting_place(*find_dataset_setting("channels")), "dataset.input.channels");
  EXPECT_EQ(setting_place(*find_dataset_setting("dataset.augmentation.random_erasing")),
            "dataset.augmentation.random_erasing");
  EXPECT_EQ(find_training_setting("no_such_setting"), nullptr);
}

}  // namespace
}  // namespace convstudio
