#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "convstudio/model/project.h"
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
  t.device = "cuda:1";
  t.processes = 2;
  t.sync_batch_norm = true;
  t.batch_size = 32;
  t.accumulate = 2;
  t.amp = AmpMode::Bf16;
  t.channels_last = true;
  t.cudnn_benchmark = true;
  t.epochs = 7;
  t.max_steps = 900;
  t.optimizer = OptimizerKind::AdamW;
  t.lr = 0.003;
  t.pretrained_lr_multiplier = 0.1;
  t.momentum = 0.8;
  t.nesterov = true;
  t.weight_decay = 0.01;
  t.schedule = LrSchedule::OneCycle;
  t.warmup_steps = 50;
  t.step_size_epochs = 3;
  t.step_gamma = 0.5;
  t.clip_grad_norm = 2.5;
  t.seed = 7;
  t.deterministic = true;
  t.checkpoint_every_epochs = 2;
  t.keep_best = false;
  t.early_stopping_patience = 3;
  t.auto_oom_retry = true;
  t.loader_workers = 5;
}

// The settings of each template's project (its recipe over the defaults) and of one project
// with every setting changed, each written as a project file and as the comparison table write
// them: the JSON the settings code wrote before the setting table.
Json written_settings() {
  std::vector<std::pair<std::string, Project>> projects;
  for (const TemplateInfo& info : TemplateLibrary::list()) {
    TemplateInstance instance = TemplateLibrary::instantiate(info.name, TensorShape::image(1, 28, 28), 10);
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

}  // namespace
}  // namespace convstudio
