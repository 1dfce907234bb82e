// ModelExplainer on a checkpoint with seeded weights: feature maps are the block's forward
// output bit for bit, blocks without a C×H×W output are refused by name, Grad-CAM leaves the
// model as it was, cancel stops occlusion, filters are the convolution's weights.

#include <unistd.h>

#include <atomic>
#include <cstring>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include "convstudio/explain/heat_map_colours.h"
#include "convstudio/explain/model_explainer.h"
#include "convstudio/export/inference_model.h"
#include "nn/graph_module.h"
#include "nn/graph_tensors.h"
#include "trained_model_factory.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

class ModelExplainerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("convstudio-explain-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    trained_ = testing::random_trained_model("lenet5", TensorShape::image(1, 28, 28), 7);
    testing::save_as_checkpoint(trained_, dir_ / "last.ckpt");
    cv::Mat grey(28, 28, CV_8UC1);
    cv::randu(grey, 0, 255);
    cv::imwrite(image().string(), grey);
    Result<std::shared_ptr<ModelExplainer>> explainer = ModelExplainer::load(dir_ / "last.ckpt");
    ASSERT_TRUE(explainer) << explainer.error().describe();
    explainer_ = explainer.value();
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path image() const { return dir_ / "grey.png"; }
  Result<Explanation> explain(ExplainMethod method, const std::string& block) const {
    ExplainRequest request;
    request.method = method;
    request.block_id = block;
    return explainer_->explain(image(), request);
  }

  fs::path dir_;
  TrainedModel trained_;
  std::shared_ptr<ModelExplainer> explainer_;
};

TEST_F(ModelExplainerTest, FeatureMapsAreTheBlocksForwardOutputBitForBit) {
  Result<Explanation> explanation = explain(ExplainMethod::FeatureMaps, "conv2");
  ASSERT_TRUE(explanation) << explanation.error().describe();
  GraphModule module(trained_.graph, trained_.analysis);
  ASSERT_FALSE(apply_named_tensors(*module, trained_.tensors, "test"));
  module->eval();
  torch::NoGradGuard no_grad;
  const torch::Tensor input =
      torch::from_blob(explanation.value().input.data(), {1, 1, 28, 28}, torch::kFloat).clone();
  const torch::Tensor expected = module->forward_all(input).at("conv2")[0].contiguous();
  const std::vector<FeatureMap>& maps = explanation.value().feature_maps;
  ASSERT_EQ(maps.size(), 16u);
  for (std::size_t i = 0; i < maps.size(); ++i) {
    const torch::Tensor channel = expected[maps[i].channel].contiguous();
    ASSERT_EQ(maps[i].values.values.size(), static_cast<std::size_t>(channel.numel()));
    EXPECT_EQ(std::memcmp(maps[i].values.values.data(), channel.data_ptr<float>(),
                          sizeof(float) * static_cast<std::size_t>(channel.numel())),
              0)
        << "channel " << maps[i].channel;
    if (i > 0) {
      EXPECT_GE(maps[i - 1].mean, maps[i].mean);
    }
  }
}

TEST_F(ModelExplainerTest, BlockWithoutSpatialOutputIsRefusedByName) {
  for (const std::string block : {"fc1", "flatten"}) {
    Result<Explanation> explanation = explain(ExplainMethod::GradCam, block);
    ASSERT_FALSE(explanation);
    EXPECT_EQ(explanation.error().block_id, block);
    EXPECT_NE(explanation.error().describe().find(block), std::string::npos);
    EXPECT_NE(explanation.error().message.find("not C×H×W"), std::string::npos);
  }
  Result<Explanation> missing = explain(ExplainMethod::FeatureMaps, "nope");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().describe().find("\"nope\""), std::string::npos);
  EXPECT_NE(missing.error().message.find("conv2"), std::string::npos);  // what it could be
}

TEST_F(ModelExplainerTest, GradCamIsInUnitRangeAndLeavesTheModelAsItWas) {
  const InferenceModelLoad inference = InferenceModel::load(dir_ / "last.ckpt");
  ASSERT_TRUE(inference.model);
  Result<Explanation> first = explain(ExplainMethod::GradCam, "conv2");
  ASSERT_TRUE(first) << first.error().describe();
  Result<Explanation> again = explain(ExplainMethod::GradCamPlusPlus, "relu2");
  ASSERT_TRUE(again);
  again = explain(ExplainMethod::GradCam, "conv2");
  ASSERT_TRUE(again);
  EXPECT_EQ(first.value().heat_map.values, again.value().heat_map.values);
  EXPECT_EQ(first.value().heat_map.height, 28);
  EXPECT_EQ(first.value().heat_map.width, 28);
  for (float v : first.value().heat_map.values) {
    EXPECT_GE(v, 0.f);
    EXPECT_LE(v, 1.f);
  }
  const ImagePrediction prediction = inference.model->predict(image(), 1);
  EXPECT_EQ(prediction.top.front().index, again.value().top_class);
  EXPECT_NEAR(prediction.top.front().probability, again.value().top_probability, 1e-6);
}

TEST_F(ModelExplainerTest, ClassOutOfRangeIsRefused) {
  ExplainRequest request;
  request.block_id = "conv2";
  request.target_class = 10;
  Result<Explanation> explanation = explainer_->explain(image(), request);
  ASSERT_FALSE(explanation);
  EXPECT_EQ(explanation.error().field, "class");
}

TEST_F(ModelExplainerTest, CancelStopsOcclusion) {
  ExplainRequest request;
  request.method = ExplainMethod::Occlusion;
  request.occlusion.batch = 4;
  std::atomic<bool> cancel = false;
  int reports = 0;
  Result<Explanation> explanation = explainer_->explain(
      image(), request,
      [&](double) {
        if (++reports == 2) cancel = true;
      },
      &cancel);
  ASSERT_FALSE(explanation);
  EXPECT_NE(explanation.error().message.find("cancelled"), std::string::npos);
  EXPECT_EQ(reports, 2);
}

TEST_F(ModelExplainerTest, FiltersAreTheConvolutionsWeights) {
  Result<ConvFilters> filters = explainer_->filters("conv1");
  ASSERT_TRUE(filters) << filters.error().describe();
  EXPECT_EQ(filters.value().out_channels, 6);
  EXPECT_EQ(filters.value().in_channels, 1);
  EXPECT_EQ(filters.value().height, 5);
  const torch::Tensor weight = trained_.tensor("conv1", "weight").contiguous();
  EXPECT_EQ(std::memcmp(filters.value().weights.data(), weight.data_ptr<float>(),
                        sizeof(float) * static_cast<std::size_t>(weight.numel())),
            0);
  EXPECT_FALSE(explainer_->filters("fc1"));
  EXPECT_EQ(explainer_->default_block(), "pool2");  // feeds the flatten
}

// A validation sample held in memory (IDX) has no file: its planar bytes explain exactly as the
// same picture read from a file does.
TEST_F(ModelExplainerTest, PlanarPixelsExplainAsTheSameImageFromAFile) {
  const cv::Mat grey = cv::imread(image().string(), cv::IMREAD_GRAYSCALE);
  PlanarImage pixels{1, 28, 28, std::vector<std::uint8_t>(grey.data, grey.data + 28 * 28)};
  ExplainRequest request;
  request.block_id = "conv2";
  Result<Explanation> fromFile = explainer_->explain(image(), request);
  Result<Explanation> fromPixels = explainer_->explain(pixels, request);
  ASSERT_TRUE(fromFile) << fromFile.error().describe();
  ASSERT_TRUE(fromPixels) << fromPixels.error().describe();
  EXPECT_EQ(fromPixels.value().input, fromFile.value().input);
  EXPECT_EQ(fromPixels.value().heat_map.values, fromFile.value().heat_map.values);
  pixels.width = 14;
  EXPECT_FALSE(explainer_->explain(pixels, request));  // not the input's size
}

// The refusal's sentence comes with its pattern, so the studio can translate it.
TEST_F(ModelExplainerTest, TheRefusalOfABlockWithoutSpatialOutputHasItsPattern) {
  ExplainRequest request;
  request.block_id = "fc1";
  const std::optional<ExplainRefusal> refused = explainer_->refusal(request);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->error.block_id, "fc1");
  EXPECT_EQ(refused->error.message, refused->text.english());
  EXPECT_NE(refused->text.pattern.find("%1"), std::string::npos);
  EXPECT_EQ(explainer_->explain(image(), request).error(), refused->error);
  request.block_id = "conv2";
  EXPECT_FALSE(explainer_->refusal(request));
}

TEST_F(ModelExplainerTest, ADeviceThatIsNotOneIsRefusedInTheDeviceSetting) {
  Result<std::shared_ptr<ModelExplainer>> explainer =
      ModelExplainer::load(dir_ / "last.ckpt", "tpu");
  ASSERT_FALSE(explainer);
  EXPECT_NE(explainer.error().describe().find("device"), std::string::npos)
      << explainer.error().describe();
}

// The studio's colour bar and heat map use these colours: JET, dark blue low, dark red high.
TEST(HeatMapColours, TheScaleRunsFromBlueToRed) {
  const std::vector<std::uint8_t> scale = heat_map_colour_scale(256);
  ASSERT_EQ(scale.size(), 256u * 3);
  EXPECT_GT(scale[2], 100);  // the lowest: blue
  EXPECT_LT(scale[0], 10);
  EXPECT_GT(scale[255 * 3 + 0], 100);  // the highest: red
  EXPECT_LT(scale[255 * 3 + 2], 10);
}

TEST_F(ModelExplainerTest, TheOverlayPngHasTheImagesSize) {
  ExplainRequest request;
  request.block_id = explainer_->default_block();
  Result<Explanation> explained = explainer_->explain(image(), request);
  ASSERT_TRUE(explained) << explained.error().describe();
  const Explanation& explanation = explained.value();
  const fs::path file = dir_ / "overlay.png";
  ASSERT_FALSE(write_overlay_png(explanation, 0.5, file));
  const cv::Mat overlay = cv::imread(file.string());
  EXPECT_EQ(overlay.rows, explanation.image_height);
  EXPECT_EQ(overlay.cols, explanation.image_width);
  Explanation mapsOnly = explanation;
  mapsOnly.heat_map = {};
  EXPECT_TRUE(write_overlay_png(mapsOnly, 0.5, dir_ / "none.png"));  // nothing to draw
}

}  // namespace
}  // namespace convstudio
