// A project's task (issue 38, item 1): classification keeps today's rules and refuses per-pixel
// logits; segmentation needs N×C×H×W logits at the input's H×W and names the block that breaks
// it. The task is stored in the project file (version 3) only for segmentation.

#include "convstudio/model/task_check.h"

#include <gtest/gtest.h>

#include "convstudio/model/dataset_format.h"
#include "convstudio/model/output_modes.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/template_library.h"

namespace convstudio {
namespace {

// Input 1×28×28 -> `layers` (type, params) in a chain -> Output in pass-through mode.
Project chain(
    ProjectTask task,
    const std::vector<std::pair<std::string, std::map<std::string, ParamValue>>>& layers) {
  Project project;
  project.task = task;
  Graph& graph = project.graph;
  std::string last = graph.add_block(kInputBlockType);
  graph.set_param(last, "channels", std::int64_t{1});
  graph.set_param(last, "height", std::int64_t{28});
  graph.set_param(last, "width", std::int64_t{28});
  for (const auto& [type, params] : layers) {
    const std::string id = graph.add_block(type);
    for (const auto& [name, value] : params) graph.set_param(id, name, value);
    EXPECT_FALSE(graph.connect({last, id, 0}));
    last = id;
  }
  const std::string out = graph.add_block(kOutputBlockType);
  graph.set_param(out, "mode", std::string(kOutputModePassThrough));
  EXPECT_FALSE(graph.connect({last, out, 0}));
  return project;
}

std::optional<Error> problem_of(const Project& project) {
  const ModelAnalysis analysis = analyse_project(project);
  if (analysis.ok()) return std::nullopt;
  EXPECT_EQ(analysis.errors.size(), 1u) << analysis.errors.front().message;
  return analysis.errors.back();
}

const std::pair<std::string, std::map<std::string, ParamValue>> kConv{
    "Conv2d", {{"out_channels", std::int64_t{5}}, {"padding_mode", std::string("same")}}};

TEST(TaskCheck, SegmentationRefusesADenseClassifierOutputByName) {
  Project project;
  project.task = ProjectTask::Segmentation;
  project.graph = *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  const std::optional<Error> problem = problem_of(project);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->block_id, "output");
  EXPECT_EQ(problem->block_type, "Output");
  EXPECT_EQ(problem->message,
            "Output 'output' gives 10 class scores (N\u00d710); segmentation needs "
            "N\u00d7C\u00d728\u00d728 logits");
}

TEST(TaskCheck, SegmentationNamesTheFlattenThatDropsHeightAndWidth) {
  const std::optional<Error> problem =
      problem_of(chain(ProjectTask::Segmentation, {kConv, {"Flatten", {}}}));
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->block_type, "Flatten");
  EXPECT_NE(problem->message.find("turns N\u00d75\u00d728\u00d728 into N\u00d73920 features"),
            std::string::npos)
      << problem->message;
}

TEST(TaskCheck, SegmentationNamesTheLastBlockThatChangedTheSize) {
  const std::optional<Error> problem = problem_of(
      chain(ProjectTask::Segmentation, {kConv, {"MaxPool2d", {{"kernel", std::int64_t{2}}}}}));
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->block_type, "Output");
  EXPECT_NE(problem->message.find("gives N\u00d75\u00d714\u00d714 logits; segmentation needs "
                                  "N\u00d7C\u00d728\u00d728 logits at the input's size"),
            std::string::npos)
      << problem->message;
  EXPECT_NE(problem->message.find("MaxPool2d"), std::string::npos) << problem->message;
  EXPECT_NE(problem->message.find("28\u00d728 \u2192 14\u00d714"), std::string::npos);
}

TEST(TaskCheck, SegmentationAcceptsLogitsAtTheInputSize) {
  EXPECT_FALSE(problem_of(
      chain(ProjectTask::Segmentation,
            {kConv,
             {"MaxPool2d", {{"kernel", std::int64_t{2}}}},
             {"Upsample", {{"scale", std::int64_t{2}}, {"mode", std::string("bilinear")}}}})));
  EXPECT_FALSE(problem_of(chain(ProjectTask::Segmentation,
                                {kConv,
                                 {"MaxPool2d", {{"kernel", std::int64_t{2}}}},
                                 {"ConvTranspose2d", {{"out_channels", std::int64_t{3}}}}})));
}

TEST(TaskCheck, ClassificationRefusesPerPixelLogitsByName) {
  const std::optional<Error> problem = problem_of(chain(ProjectTask::Classification, {kConv}));
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->block_type, "Output");
  EXPECT_EQ(problem->field, "task");
  EXPECT_NE(problem->message.find("gives N\u00d75\u00d728\u00d728 per-pixel logits; "
                                  "classification needs N\u00d7K class scores"),
            std::string::npos)
      << problem->message;
}

TEST(TaskCheck, ClassificationKeepsTodaysRulesForEveryTemplateAndPassThroughScores) {
  for (const TemplateInfo& info : TemplateLibrary::list()) {
    Project project;
    project.graph =
        *TemplateLibrary::instantiate(info.name, TensorShape::image(3, 32, 32), 10).graph;
    project.task = info.task;  // unet-small is a segmentation template: its own task fits it
    EXPECT_FALSE(problem_of(project)) << info.name;
  }
  EXPECT_FALSE(problem_of(
      chain(ProjectTask::Classification, {kConv, {"AdaptiveAvgPool2d", {}}, {"Flatten", {}}})));
}

TEST(TaskCheck, TheTaskIsWrittenOnlyForSegmentationAndReadBack) {
  Project project = chain(ProjectTask::Classification, {kConv});
  std::string text = ProjectFile::serialize(project);
  EXPECT_EQ(text.find("\"task\""), std::string::npos);
  EXPECT_NE(text.find("\"version\": 1"), std::string::npos);
  project.task = ProjectTask::Segmentation;
  text = ProjectFile::serialize(project);
  EXPECT_NE(text.find("\"task\": \"segmentation\""), std::string::npos);
  EXPECT_NE(text.find("\"version\": 3"), std::string::npos);
  const ProjectLoadResult loaded = ProjectFile::parse(text);
  ASSERT_TRUE(loaded.ok()) << loaded.errors.front().describe();
  EXPECT_EQ(*loaded.project, project);
  const ProjectLoadResult bad =
      ProjectFile::parse(R"({"format": "convstudio-project", "version": 3, "task": "detection"})");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.errors.front().field, "task");
}

// `new --task` and the studio ask one rule whether the data fits the task: masks for
// segmentation, one label per image for classification.
TEST(TaskCheck, TheDataMustCarryMasksExactlyWhenTheTaskIsSegmentation) {
  DatasetSettings data;
  EXPECT_EQ(task_data_problem(ProjectTask::Classification, data), std::nullopt);
  const std::optional<Error> no_masks = task_data_problem(ProjectTask::Segmentation, data);
  ASSERT_TRUE(no_masks);
  EXPECT_EQ(no_masks->field, "dataset.source");
  data.source = find_dataset_format("segmentation-csv")->kind;
  EXPECT_EQ(task_data_problem(ProjectTask::Segmentation, data), std::nullopt);
  const std::optional<Error> masks = task_data_problem(ProjectTask::Classification, data);
  ASSERT_TRUE(masks);
  EXPECT_NE(masks->message.find("holds masks"), std::string::npos) << masks->message;
}

}  // namespace
}  // namespace convstudio
