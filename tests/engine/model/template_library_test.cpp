#include "convstudio/model/template_library.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "convstudio/model/graph_json.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/task_check.h"

namespace convstudio {
namespace {

ModelAnalysis analyze(const std::string& name, const TensorShape& input, std::int64_t classes) {
  TemplateInstance instance = TemplateLibrary::instantiate(name, input, classes);
  EXPECT_TRUE(instance.errors.empty()) << name;
  if (!instance.graph) return {};
  return ShapeInference::run(*instance.graph);
}

TEST(TemplateLibrary, ListsTheSixTemplatesWithDescriptionsAndTasks) {
  std::vector<TemplateInfo> templates = TemplateLibrary::list();
  std::vector<std::string> names;
  for (const TemplateInfo& info : templates) {
    names.push_back(info.name);
    EXPECT_FALSE(info.description.empty()) << info.name;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"lenet5", "mobilenet-small", "resnet-small",
                                             "unet-small", "vgg-small", "wide-resnet"}));
  for (const TemplateInfo& info : templates) {
    EXPECT_EQ(info.task,
              info.name == "unet-small" ? ProjectTask::Segmentation : ProjectTask::Classification)
        << info.name;
  }
}

// Issue 38: a U-Net whose decoder joins each encoder level through a Concat, under 2 M
// parameters; the count is PyTorch's for the same nn.Module (482890 for 3 channels and 10 classes:
// BatchNorm after every 3×3 convolution, bias only on the transposed convolutions and the head).
TEST(TemplateLibrary, UnetSmallIsASegmentationUNetWithConcatSkips) {
  const TemplateInstance instance =
      TemplateLibrary::instantiate("unet-small", TensorShape::image(3, 64, 64), 10);
  ASSERT_TRUE(instance.graph.has_value());
  EXPECT_EQ(instance.task, ProjectTask::Segmentation);
  const ModelAnalysis analysis = ShapeInference::run(*instance.graph);
  ASSERT_TRUE(analysis.ok()) << analysis.errors.front().message;
  EXPECT_EQ(analysis.total_params(), 482890);
  EXPECT_LE(analysis.total_params(), 2'000'000);
  EXPECT_EQ(analysis.output_shape(), TensorShape::image(10, 64, 64));
  EXPECT_EQ(analysis.find("bottomb_relu")->output_shape.to_string(), "128\u00d78\u00d78");
  for (const char* level : {"cat1", "cat2", "cat3"}) {
    EXPECT_EQ(instance.graph->inputs_of(level).size(), 2u) << level;
  }
  EXPECT_EQ(analysis.find("cat3")->output_shape.to_string(), "128\u00d716\u00d716");
  EXPECT_EQ(analysis.find("cat1")->output_shape.to_string(), "32\u00d764\u00d764");
  EXPECT_EQ(instance.graph->find_block("output")->choice_param("mode"), "pass-through");
  // The 1×1 head is what the classes size, not the pass-through Output.
  const TemplateInstance two =
      TemplateLibrary::instantiate("unet-small", TensorShape::image(1, 32, 48), 2);
  ASSERT_TRUE(two.graph.has_value());
  EXPECT_EQ(two.graph->find_block("head")->int_param("out_channels"), 2);
  const ModelAnalysis grey = ShapeInference::run(*two.graph);
  ASSERT_TRUE(grey.ok()) << grey.errors.front().message;
  EXPECT_EQ(grey.output_shape(), TensorShape::image(2, 32, 48));
  EXPECT_EQ(grey.total_params(), 482890 - 3 * 16 * 9 + 16 * 9 - 8 * 16 - 8);
}

TEST(TemplateLibrary, UnetSmallPassesTheSegmentationTaskCheck) {
  Project project;
  const TemplateInstance instance =
      TemplateLibrary::instantiate("unet-small", TensorShape::image(3, 64, 64), 5);
  project.graph = *instance.graph;
  project.task = instance.task;
  EXPECT_FALSE(task_output_problem(project.task, project.graph, analyse_project(project)));
  project.task = ProjectTask::Classification;
  EXPECT_TRUE(task_output_problem(project.task, project.graph, analyse_project(project)));
}

TEST(TemplateRecipes, UnetSmallTrainsForMeanIoUWithCrossEntropyAndDice) {
  const TemplateInstance instance =
      TemplateLibrary::instantiate("unet-small", TensorShape::image(3, 64, 64), 5);
  const TrainingSettings& training = instance.recipe.training;
  EXPECT_EQ(training.loss.best_metric, BestMetric::MeanIoU);
  EXPECT_EQ(training.loss.segmentation_loss, SegmentationLoss::CrossEntropyDice);
  EXPECT_EQ(training.batch_size, 32);
  EXPECT_GE(training.epochs, 15);
  EXPECT_LE(training.epochs, 20);
  EXPECT_TRUE(instance.recipe.augmentation.horizontal_flip);
}

TEST(TemplateLibrary, Lenet5OnColour32x32HasTheTutorialsParameterCount) {
  ModelAnalysis analysis = analyze("lenet5", TensorShape::image(3, 32, 32), 10);
  ASSERT_TRUE(analysis.ok());
  EXPECT_EQ(analysis.total_params(), 62006);
  EXPECT_EQ(analysis.total_macs(), 651720);
  EXPECT_EQ(analysis.find("conv1")->output_shape.to_string(), "6\u00d728\u00d728");
  EXPECT_EQ(analysis.find("pool2")->output_shape.to_string(), "16\u00d75\u00d75");
  EXPECT_EQ(analysis.find("flatten")->output_shape.to_string(), "400");
  EXPECT_EQ(analysis.find("fc1")->params, 48120);
  EXPECT_EQ(analysis.output_shape(), TensorShape::flat(10));
}

TEST(TemplateLibrary, Lenet5OnFashionMnistShapes) {
  ModelAnalysis analysis = analyze("lenet5", TensorShape::image(1, 28, 28), 10);
  ASSERT_TRUE(analysis.ok());
  EXPECT_EQ(analysis.find("conv1")->output_shape.to_string(), "6\u00d724\u00d724");
  EXPECT_EQ(analysis.find("pool1")->output_shape.to_string(), "6\u00d712\u00d712");
  EXPECT_EQ(analysis.find("conv2")->output_shape.to_string(), "16\u00d78\u00d78");
  EXPECT_EQ(analysis.find("pool2")->output_shape.to_string(), "16\u00d74\u00d74");
  EXPECT_EQ(analysis.find("flatten")->output_shape.to_string(), "256");
  // conv1 156 + conv2 2416 + fc1 30840 + fc2 10164 + output 850.
  EXPECT_EQ(analysis.total_params(), 44426);
  EXPECT_EQ(analysis.total_macs(), 281640);
}

// Counts worked out independently from the template files (PyTorch module formulas).
TEST(TemplateLibrary, EveryTemplateIsValidWithExpectedCounts) {
  struct Expected {
    std::string name;
    TensorShape input;
    std::int64_t params;
    std::int64_t macs;
  };
  const std::vector<Expected> expected = {
      {"lenet5", TensorShape::image(3, 64, 64), 338486, 3577800},
      {"vgg-small", TensorShape::image(1, 28, 28), 304682, 29144832},
      {"vgg-small", TensorShape::image(3, 32, 32), 305258, 38651136},
      {"vgg-small", TensorShape::image(3, 64, 64), 305258, 154551552},
      {"resnet-small", TensorShape::image(1, 28, 28), 173842, 20943168},
      {"resnet-small", TensorShape::image(3, 32, 32), 174274, 27796416},
      {"resnet-small", TensorShape::image(3, 64, 64), 174274, 111182784},
      {"mobilenet-small", TensorShape::image(1, 28, 28), 31946, 2375232},
      {"mobilenet-small", TensorShape::image(3, 32, 32), 32234, 3396864},
      {"mobilenet-small", TensorShape::image(3, 64, 64), 32234, 13583616},
      {"wide-resnet", TensorShape::image(1, 28, 28), 1226442, 148172288},
      {"wide-resnet", TensorShape::image(3, 32, 32), 1227594, 194710016},
  };
  for (const Expected& e : expected) {
    SCOPED_TRACE(e.name + " " + e.input.to_string());
    ModelAnalysis analysis = analyze(e.name, e.input, 10);
    ASSERT_TRUE(analysis.ok()) << analysis.errors.front().message;
    EXPECT_EQ(analysis.total_params(), e.params);
    EXPECT_EQ(analysis.total_macs(), e.macs);
    EXPECT_EQ(analysis.output_shape(), TensorShape::flat(10));
  }
}

TEST(TemplateLibrary, ResidualAndDepthwiseStructure) {
  ModelAnalysis resnet = analyze("resnet-small", TensorShape::image(1, 28, 28), 10);
  ASSERT_TRUE(resnet.ok());
  EXPECT_EQ(resnet.find("s2_add")->input_shapes.size(), 2u);
  EXPECT_EQ(resnet.find("s2_add")->output_shape.to_string(), "48\u00d714\u00d714");
  EXPECT_EQ(resnet.find("s2_proj")->params, 24 * 48);  // 1×1 projection, no bias
  EXPECT_EQ(resnet.find("s3_relu2")->output_shape.to_string(), "96\u00d77\u00d77");
  ModelAnalysis mobilenet = analyze("mobilenet-small", TensorShape::image(3, 32, 32), 10);
  ASSERT_TRUE(mobilenet.ok());
  EXPECT_EQ(mobilenet.find("dw2")->params, 32 * 9);  // groups = channels: one 3×3 per channel
  EXPECT_EQ(mobilenet.find("pw2")->output_shape.to_string(), "64\u00d716\u00d716");
}

TEST(TemplateLibrary, InstantiationSetsInputShapeAndClasses) {
  TemplateInstance instance =
      TemplateLibrary::instantiate("vgg-small", TensorShape::image(3, 64, 64), 37);
  ASSERT_TRUE(instance.graph.has_value());
  const Block* input = instance.graph->find_block("input");
  EXPECT_EQ(input->int_param("channels"), 3);
  EXPECT_EQ(input->int_param("height"), 64);
  EXPECT_EQ(instance.graph->find_block("output")->int_param("classes"), 37);
  // Every catalog parameter is present, as for blocks added in the editor.
  EXPECT_EQ(instance.graph->find_block("conv1_1")->params.size(), 8u);
}

TEST(TemplateLibrary, UnknownNamesAndBadShapesAreErrors) {
  TemplateInstance unknown =
      TemplateLibrary::instantiate("alexnet", TensorShape::image(1, 8, 8), 2);
  EXPECT_FALSE(unknown.graph.has_value());
  ASSERT_EQ(unknown.errors.size(), 1u);
  EXPECT_NE(unknown.errors[0].message.find("no such template"), std::string::npos);
  TemplateInstance flat = TemplateLibrary::instantiate("lenet5", TensorShape::flat(784), 0);
  EXPECT_FALSE(flat.graph.has_value());
  EXPECT_EQ(flat.errors.size(), 2u);
}

TEST(TemplateLibrary, TooSmallInputsAreShapeErrorsAtTheBlock) {
  TemplateInstance instance =
      TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 8, 8), 10);
  ASSERT_TRUE(instance.graph.has_value());
  ModelAnalysis analysis = ShapeInference::run(*instance.graph);
  ASSERT_EQ(analysis.errors.size(), 1u);
  EXPECT_EQ(analysis.errors[0].block_id, "conv2");
  EXPECT_EQ(analysis.errors[0].message, "Conv2d: kernel 5 larger than padded input 2\u00d72");
}

// Issue 18: a project made from a template trains to a good model with no flags, so every
// template states the whole recipe rather than leaning on the project defaults.
TEST(TemplateRecipes, EveryTemplateStatesItsWholeRecipe) {
  for (const TemplateInfo& info : TemplateLibrary::list()) {
    SCOPED_TRACE(info.name);
    const auto json = nlohmann::json::parse(*TemplateLibrary::source(info.name));
    ASSERT_TRUE(json.contains("recipe"));
    const auto& training = json["recipe"]["training"];
    for (const char* key :
         {"optimizer", "lr", "schedule", "warmup_steps", "weight_decay", "epochs", "batch_size"}) {
      EXPECT_TRUE(training.contains(key)) << key;
    }
    EXPECT_TRUE(json["recipe"]["augmentation"].is_object());
    const TemplateInstance instance =
        TemplateLibrary::instantiate(info.name, TensorShape::image(1, 28, 28), 10);
    ASSERT_TRUE(instance.errors.empty()) << instance.errors.front().describe();
    const TrainingSettings& recipe = instance.recipe.training;
    EXPECT_EQ(recipe.epochs, training["epochs"].get<std::int64_t>());
    EXPECT_EQ(recipe.batch_size, training["batch_size"].get<std::int64_t>());
    EXPECT_DOUBLE_EQ(recipe.optimizer.lr, training["lr"].get<double>());
    EXPECT_NE(recipe.schedule.kind, LrSchedule::Constant);
    EXPECT_GT(recipe.schedule.warmup_steps, 0);
    EXPECT_GT(recipe.optimizer.weight_decay, 0);
  }
}

TEST(TemplateRecipes, ApplyingARecipeSetsTrainingAndAugmentationButKeepsTheDevice) {
  const TemplateInstance resnet =
      TemplateLibrary::instantiate("resnet-small", TensorShape::image(1, 28, 28), 10);
  ASSERT_TRUE(resnet.graph.has_value());
  Project project;
  project.training.device = "cuda:1";
  project.training.optimizer.lr = 123;
  project.dataset.path = "/data/mine";
  project.dataset.augmentation.rotation_degrees = 30;
  resnet.recipe.apply_to(project);
  EXPECT_EQ(project.training.device, "cuda:1");
  EXPECT_DOUBLE_EQ(project.training.optimizer.lr, resnet.recipe.training.optimizer.lr);
  EXPECT_EQ(project.training.epochs, resnet.recipe.training.epochs);
  EXPECT_EQ(project.dataset.augmentation, resnet.recipe.augmentation);
  EXPECT_EQ(project.dataset.path, "/data/mine");  // the data stays the user's
}

}  // namespace
}  // namespace convstudio
