#include "convstudio/model/project_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include "convstudio/model/template_library.h"
#include "file_bytes.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

Project sample_project() {
  Project project;
  project.graph =
      *TemplateLibrary::instantiate("resnet-small", TensorShape::image(3, 32, 32), 10).graph;
  project.graph.set_position("input", 12.5, -40.25);
  project.dataset.source = DatasetKind::ImageFolder;
  project.dataset.path = "/data/flowers";
  project.dataset.validation = ValidationSplit::Fraction;
  project.dataset.validation_fraction = 0.2;
  project.dataset.input_channels = 3;
  project.dataset.augmentation.horizontal_flip = true;
  project.dataset.augmentation.rotation_degrees = 7.5;
  project.training.device = "cuda:1";
  project.training.amp = AmpMode::Bf16;
  project.training.optimizer.kind = OptimizerKind::AdamW;
  project.training.schedule.kind = LrSchedule::OneCycle;
  project.training.optimizer.lr = 3e-4;
  project.training.optimizer.pretrained_lr_multiplier = 0.1;
  project.training.accumulate = 4;
  return project;
}

std::string first_error(const ProjectLoadResult& result) {
  return result.errors.empty() ? std::string("(none)") : result.errors.front().describe();
}

TEST(ProjectFile, SaveThenLoadGivesTheSameProject) {
  const Project project = sample_project();
  const auto path = testing::scratch_folder("round_trip") / "convstudio_round_trip.convstudio";
  ASSERT_FALSE(ProjectFile::save(project, path).has_value());
  const ProjectLoadResult loaded = ProjectFile::load(path);
  ASSERT_TRUE(loaded.ok()) << first_error(loaded);
  EXPECT_EQ(*loaded.project, project);
  EXPECT_EQ(ProjectFile::serialize(*loaded.project), ProjectFile::serialize(project));
  // No temporary file is left beside it.
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(path.parent_path())) {
    if (entry.path().filename().string().starts_with("convstudio_round_trip")) ++files;
  }
  EXPECT_EQ(files, 1);
  std::filesystem::remove(path);
}

TEST(ProjectFile, EveryTemplateRoundTrips) {
  for (const TemplateInfo& info : TemplateLibrary::list()) {
    SCOPED_TRACE(info.name);
    Project project;
    project.graph =
        *TemplateLibrary::instantiate(info.name, TensorShape::image(1, 28, 28), 10).graph;
    const ProjectLoadResult loaded = ProjectFile::parse(ProjectFile::serialize(project));
    ASSERT_TRUE(loaded.ok()) << first_error(loaded);
    EXPECT_EQ(*loaded.project, project);
  }
}

TEST(ProjectFile, RecomputeFlagRoundTripsAndIsWrittenOnlyWhenSet) {
  Project project;
  project.graph = *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  const std::string plain = ProjectFile::serialize(project);
  EXPECT_EQ(plain.find("\"recompute\""), std::string::npos);
  project.graph.find_block(project.graph.blocks()[2].id)->recompute = true;
  const std::string marked = ProjectFile::serialize(project);
  EXPECT_NE(marked.find("\"recompute\": true"), std::string::npos) << marked;
  const ProjectLoadResult loaded = ProjectFile::parse(marked);
  ASSERT_TRUE(loaded.ok()) << first_error(loaded);
  EXPECT_EQ(*loaded.project, project);
  EXPECT_TRUE(loaded.project->graph.blocks()[2].recompute);
  EXPECT_FALSE(loaded.project->graph.blocks()[1].recompute);
  EXPECT_EQ(marked.find("\"recompute_group\""), std::string::npos);

  project.graph.find_block(project.graph.blocks()[2].id)->recompute_group = "stage1";
  const std::string grouped = ProjectFile::serialize(project);
  EXPECT_NE(grouped.find("\"recompute_group\": \"stage1\""), std::string::npos) << grouped;
  const ProjectLoadResult reloaded = ProjectFile::parse(grouped);
  ASSERT_TRUE(reloaded.ok()) << first_error(reloaded);
  EXPECT_EQ(*reloaded.project, project);
}

TEST(ProjectFile, SyncBatchNormRoundTripsIsWrittenOnlyWhenSetAndMustBeABoolean) {
  Project project = sample_project();
  EXPECT_EQ(ProjectFile::serialize(project).find("sync_batch_norm"), std::string::npos);
  project.training.sync_batch_norm = true;
  const std::string text = ProjectFile::serialize(project);
  EXPECT_NE(text.find("\"sync_batch_norm\": true"), std::string::npos) << text;
  const ProjectLoadResult loaded = ProjectFile::parse(text);
  ASSERT_TRUE(loaded.ok()) << first_error(loaded);
  EXPECT_TRUE(loaded.project->training.sync_batch_norm);
  nlohmann::ordered_json json = nlohmann::ordered_json::parse(text);
  json["training"]["sync_batch_norm"] = "yes";
  const ProjectLoadResult refused = ProjectFile::parse(json.dump());
  ASSERT_EQ(refused.errors.size(), 1u);
  EXPECT_EQ(refused.errors[0].field, "training.sync_batch_norm");
}

TEST(ProjectFile, DefaultsAreFilledForMissingSettings) {
  const ProjectLoadResult loaded =
      ProjectFile::parse(R"({"format": "convstudio-project", "version": 1})");
  ASSERT_TRUE(loaded.ok()) << first_error(loaded);
  EXPECT_EQ(*loaded.project, Project{});
  EXPECT_EQ(loaded.project->training.batch_size, 64);
  EXPECT_EQ(loaded.project->dataset.validation, ValidationSplit::TestSet);
}

TEST(ProjectFile, SyntaxErrorsNameLineAndColumn) {
  const std::string text = "{\n  \"format\": \"convstudio-project\",\n  \"version\": ,\n}\n";
  const ProjectLoadResult loaded = ProjectFile::parse(text);
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_EQ(loaded.errors[0].line, 3);
  EXPECT_EQ(loaded.errors[0].column, 14);
  EXPECT_NE(loaded.errors[0].message.find("syntax error"), std::string::npos);
}

TEST(ProjectFile, FieldErrorsNameTheFieldPath) {
  Project project = sample_project();
  std::string text = ProjectFile::serialize(project);
  nlohmann::ordered_json json = nlohmann::ordered_json::parse(text);
  json["graph"]["blocks"][1]["params"]["kernel"] = "five";
  json["training"]["amp"] = "fp8";
  json["training"]["batch_size"] = 0;
  json["dataset"]["augmentation"]["flip"] = true;
  const ProjectLoadResult loaded = ProjectFile::parse(json.dump());
  EXPECT_FALSE(loaded.ok());
  std::vector<std::string> fields;
  for (const Error& error : loaded.errors) fields.push_back(error.field);
  EXPECT_EQ(fields,
            (std::vector<std::string>{"graph.blocks[1].params.kernel", "dataset.augmentation.flip",
                                      "training.batch_size", "training.amp"}));
  EXPECT_EQ(loaded.errors[0].message, "must be a whole number");
  EXPECT_EQ(loaded.errors[3].message, "'fp8' is not one of off, fp16, bf16, auto");
}

TEST(ProjectFile, NewerVersionsAreRefused) {
  const ProjectLoadResult loaded =
      ProjectFile::parse(R"({"format": "convstudio-project", "version": 4, "graph": {}})");
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_EQ(loaded.errors[0].field, "version");
  EXPECT_EQ(loaded.errors[0].message,
            "made by a newer ConvStudio (format version 4); this one reads up to 3");
}

TEST(ProjectFile, OtherJsonIsNotAProject) {
  EXPECT_EQ(ProjectFile::parse(R"({"version": 1})").errors.at(0).field, "format");
  EXPECT_FALSE(ProjectFile::parse("[1, 2]").ok());
  const ProjectLoadResult missing = ProjectFile::load("/nonexistent/dir/x.convstudio");
  ASSERT_EQ(missing.errors.size(), 1u);
  EXPECT_EQ(missing.errors[0].file, "/nonexistent/dir/x.convstudio");
}

// Found by fuzzing: the JSON parser throws out_of_range (not parse_error) for a number too large
// for a double, which escaped as an exception without the file's name.
TEST(ProjectFile, NumberTooLargeForADoubleIsAnErrorNotAnException) {
  ProjectLoadResult loaded;
  ASSERT_NO_THROW(loaded =
                      ProjectFile::parse(R"({"format": "convstudio-project", "version": 1e999})"));
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_NE(loaded.errors[0].message.find("number overflow"), std::string::npos)
      << loaded.errors[0].describe();
}

TEST(ProjectFile, InvalidGraphsStillLoad) {
  Project project;
  project.graph.add_block("Conv2d");
  project.graph.set_param("conv1", "kernel", std::int64_t{99});
  const ProjectLoadResult loaded = ProjectFile::parse(ProjectFile::serialize(project));
  ASSERT_TRUE(loaded.ok()) << first_error(loaded);
  EXPECT_EQ(*loaded.project, project);
}

TEST(ProjectFile, SavingIntoAMissingFolderIsAnError) {
  const auto error = ProjectFile::save(Project{}, "/nonexistent/dir/x.convstudio");
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->file, "/nonexistent/dir/x.convstudio");
}

// Saves and autosaves go through the checkpoints' atomic writer, which gives the file the
// permissions any new file gets (0666 less the umask): a private umask keeps a project private.
TEST(ProjectFile, SavedProjectHasTheModeTheUmaskAsksFor) {
  const auto path = testing::scratch_folder("umask") / "private.convstudio";
  const mode_t previous = ::umask(077);
  const auto error = ProjectFile::save(sample_project(), path);
  ::umask(previous);
  ASSERT_FALSE(error.has_value()) << error->describe();
  struct stat status {};
  ASSERT_EQ(::stat(path.c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 0777, 0600u);
}

TEST(ProjectFile, TheMultiplierIsWrittenOnlyWhenSetAndRangeChecked) {
  Project project;
  EXPECT_EQ(ProjectFile::serialize(project).find("pretrained_lr_multiplier"), std::string::npos);
  project.training.optimizer.pretrained_lr_multiplier = 0.25;
  const ProjectLoadResult loaded = ProjectFile::parse(ProjectFile::serialize(project));
  ASSERT_TRUE(loaded.ok()) << first_error(loaded);
  EXPECT_EQ(loaded.project->training.optimizer.pretrained_lr_multiplier, 0.25);
  nlohmann::json json = nlohmann::json::parse(ProjectFile::serialize(project));
  json["training"]["pretrained_lr_multiplier"] = 0;
  const ProjectLoadResult refused = ProjectFile::parse(json.dump());
  ASSERT_EQ(refused.errors.size(), 1u);
  EXPECT_EQ(refused.errors[0].field, "training.pretrained_lr_multiplier");
}

TEST(ProjectFile, RandomErasingIsWrittenOnlyWhenOnAndRangeChecked) {
  Project project;
  EXPECT_EQ(ProjectFile::serialize(project).find("random_erasing"), std::string::npos);
  project.dataset.augmentation.random_erasing = 0.5;
  const ProjectLoadResult loaded = ProjectFile::parse(ProjectFile::serialize(project));
  ASSERT_TRUE(loaded.ok()) << first_error(loaded);
  EXPECT_EQ(loaded.project->dataset.augmentation.random_erasing, 0.5);
  nlohmann::json json = nlohmann::json::parse(ProjectFile::serialize(project));
  json["dataset"]["augmentation"]["random_erasing"] = 1.5;
  const ProjectLoadResult refused = ProjectFile::parse(json.dump());
  ASSERT_EQ(refused.errors.size(), 1u);
  EXPECT_EQ(refused.errors[0].field, "dataset.augmentation.random_erasing");
}

// Issue 36: a k-fold study's trial validates on one fold; its four settings are written only
// when set (older files and ConvStudios unchanged), read back exactly and range-checked by name.
TEST(ProjectFile, AFoldSplitIsWrittenOnlyWhenSetReadBackAndRangeChecked) {
  Project project;
  const std::string plain = ProjectFile::serialize(project);
  for (const char* key : {"\"folds\"", "validation_fold", "fold_seed", "stratified_folds"}) {
    EXPECT_EQ(plain.find(key), std::string::npos) << key;
  }
  project.dataset.validation = ValidationSplit::Fold;
  project.dataset.folds = 3;
  project.dataset.validation_fold = 2;
  project.dataset.fold_seed = 11;
  project.dataset.stratified_folds = true;
  const ProjectLoadResult loaded = ProjectFile::parse(ProjectFile::serialize(project));
  ASSERT_TRUE(loaded.ok()) << first_error(loaded);
  EXPECT_EQ(loaded.project->dataset, project.dataset);
  nlohmann::json json = nlohmann::json::parse(ProjectFile::serialize(project));
  EXPECT_EQ(json["dataset"]["validation"], "fold");
  json["dataset"]["folds"] = 1;
  json["dataset"]["validation_fold"] = "two";
  const ProjectLoadResult refused = ProjectFile::parse(json.dump());
  ASSERT_EQ(refused.errors.size(), 2u);
  EXPECT_EQ(refused.errors[0].field, "dataset.folds");
  EXPECT_EQ(refused.errors[1].field, "dataset.validation_fold");
}

// Save As of a project with starting weights: the weights come along beside the new file, the
// old project keeps its own.
TEST(ProjectFile, SaveAsBringsTheStartingWeightsAlong) {
  const auto old_folder = testing::scratch_folder("save_as_old");
  const auto new_folder = testing::scratch_folder("save_as_new");
  Project project = sample_project();
  project.weights = "net.weights.safetensors";
  ASSERT_FALSE(ProjectFile::save(project, old_folder / "net.convstudio"));
  const std::string weights(9u << 20, 'w');  // more than one 8 MiB copy chunk
  { std::ofstream(old_folder / "net.weights.safetensors", std::ios::binary) << weights; }

  Result<Project> saved =
      ProjectFile::save_as(project, old_folder / "net.convstudio", new_folder / "copy.convstudio");
  ASSERT_TRUE(saved.ok()) << saved.error().describe();
  EXPECT_EQ(saved.value().weights, "copy.weights.safetensors");
  EXPECT_EQ(testing::file_bytes(new_folder / "copy.weights.safetensors"), weights);
  EXPECT_EQ(testing::file_bytes(old_folder / "net.weights.safetensors"), weights);
  const ProjectLoadResult reopened = ProjectFile::load(new_folder / "copy.convstudio");
  ASSERT_TRUE(reopened.ok()) << first_error(reopened);
  EXPECT_EQ(ProjectFile::weights_file(*reopened.project, new_folder / "copy.convstudio"),
            new_folder / "copy.weights.safetensors");
}

TEST(ProjectFile, SavingToTheSameFileLeavesTheWeightsWhereTheyAre) {
  const auto folder = testing::scratch_folder("save_same");
  Project project = sample_project();
  project.weights = "pretrained.safetensors";  // not the default name for net.convstudio
  { std::ofstream(folder / "pretrained.safetensors", std::ios::binary) << "weights"; }
  Result<Project> saved =
      ProjectFile::save_as(project, folder / "net.convstudio", folder / "net.convstudio");
  ASSERT_TRUE(saved.ok()) << saved.error().describe();
  EXPECT_EQ(saved.value().weights, "pretrained.safetensors");
  EXPECT_FALSE(std::filesystem::exists(folder / "net.weights.safetensors"));
}

TEST(ProjectFile, SaveAsWithMissingWeightsWritesNothingAndSaysWhich) {
  const auto old_folder = testing::scratch_folder("save_as_missing_old");
  const auto new_folder = testing::scratch_folder("save_as_missing_new");
  Project project = sample_project();
  project.weights = "gone.weights.safetensors";
  Result<Project> saved =
      ProjectFile::save_as(project, old_folder / "net.convstudio", new_folder / "copy.convstudio");
  ASSERT_FALSE(saved.ok());
  EXPECT_EQ(saved.error().file, (old_folder / "gone.weights.safetensors").string());
  EXPECT_FALSE(std::filesystem::exists(new_folder / "copy.convstudio"));
  EXPECT_FALSE(std::filesystem::exists(new_folder / "copy.weights.safetensors"));
}

}  // namespace
}  // namespace convstudio
