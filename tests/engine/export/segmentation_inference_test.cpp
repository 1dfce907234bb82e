// Issue 38: a segmentation model (unet-small) predicted from its checkpoint and its native,
// TorchScript and ONNX exports: the same per-pixel classes from each, pixel counts that add up,
// mask PNGs that read back as the classes and their colours, and the task in every contract.
// What cannot use a segmentation model (top-k prediction, Explain, int8) refuses it in a
// sentence.

#include <unistd.h>

#include <fstream>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include "convstudio/explain/model_explainer.h"
#include "convstudio/export/inference_model.h"
#include "convstudio/export/int8_export.h"
#include "convstudio/export/segmentation_masks.h"
#include "convstudio/model/template_library.h"
#include "export/native_export.h"
#include "export/onnx_export.h"
#include "export/torchscript_export.h"
#include "trained_model_factory.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t kClasses = 4;

class SegmentationInferenceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("convstudio-segment-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "images");
    const TensorShape input = TensorShape::image(3, 32, 32);
    const TemplateInstance unet = TemplateLibrary::instantiate("unet-small", input, kClasses);
    model_ = testing::random_trained_model(*unet.graph, input, 7);
    // Random weights put one class everywhere; a head whose rows sum to zero answers how the
    // features vary between pixels, not their common level, and draws several classes, so
    // equal masks say something.
    torch::Tensor& head = model_.tensors.at("head.weight");
    head.sub_(head.mean(1, /*keepdim=*/true));
    model_.tensors.at("head.bias").zero_();
    // An image of another size (fitted to 32×32) and a grey one (made RGB).
    cv::Mat colour(40, 50, CV_8UC3);
    cv::randu(colour, 0, 255);
    cv::imwrite((dir_ / "images" / "colour.png").string(), colour);
    cv::Mat grey(32, 32, CV_8UC1);
    cv::randu(grey, 0, 255);
    cv::imwrite((dir_ / "images" / "grey.bmp").string(), grey);
    std::ofstream(dir_ / "images" / "broken.jpg") << "not an image";
    images_ = {dir_ / "images" / "colour.png", dir_ / "images" / "grey.bmp",
               dir_ / "images" / "broken.jpg"};
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::shared_ptr<const InferenceModel> load(const fs::path& path) {
    const InferenceModelLoad loaded = InferenceModel::load(path);
    EXPECT_TRUE(loaded.model) << loaded.error->describe();
    return loaded.model;
  }

  fs::path dir_;
  TrainedModel model_;
  std::vector<fs::path> images_;
};

TEST_F(SegmentationInferenceTest, CheckpointAndEveryLoadableExportGiveTheSameMasks) {
  ASSERT_TRUE(model_.contract.segments());
  testing::save_as_checkpoint(model_, dir_ / "m.ckpt");
  ASSERT_FALSE(NativeExport::write(model_, dir_ / "m.safetensors", {}));
  ASSERT_FALSE(TorchScriptExport::write(model_, dir_ / "m.pt"));
  ASSERT_FALSE(OnnxExport::write(model_, dir_ / "m.onnx"));
  std::vector<SegmentationPrediction> first;
  for (const char* name : {"m.ckpt", "m.safetensors", "m.pt", "m.onnx"}) {
    SCOPED_TRACE(name);
    const auto model = load(dir_ / name);
    ASSERT_TRUE(model);
    EXPECT_EQ(model->contract(), model_.contract);
    EXPECT_TRUE(model->contract().segments());
    const std::vector<SegmentationPrediction> got = model->segment(images_);
    ASSERT_EQ(got.size(), 3u);
    ASSERT_TRUE(got[2].error);
    for (std::size_t i = 0; i < 2; ++i) {
      const SegmentationPrediction& prediction = got[i];
      ASSERT_FALSE(prediction.error) << *prediction.error;
      EXPECT_EQ(prediction.fitted.channels, 3);
      ASSERT_EQ(prediction.height(), 32);
      ASSERT_EQ(prediction.width(), 32);
      ASSERT_EQ(prediction.classes.size(), 32u * 32u);
      ASSERT_EQ(prediction.pixel_counts.size(), static_cast<std::size_t>(kClasses));
      std::vector<std::int64_t> counted(kClasses, 0);
      for (std::int32_t c : prediction.classes) {
        ASSERT_GE(c, 0);
        ASSERT_LT(c, kClasses);
        ++counted[static_cast<std::size_t>(c)];
      }
      EXPECT_EQ(counted, prediction.pixel_counts);
    }
    if (first.empty()) {
      first = got;
      // Random weights still give more than one class, so equal masks say something.
      std::int64_t present = 0;
      for (std::int64_t count : first[0].pixel_counts) present += count > 0 ? 1 : 0;
      EXPECT_GE(present, 2);
      continue;
    }
    for (std::size_t i = 0; i < 2; ++i) {
      EXPECT_EQ(got[i].fitted.pixels, first[i].fitted.pixels);
      EXPECT_EQ(got[i].classes, first[i].classes);
    }
  }
}

TEST_F(SegmentationInferenceTest, MaskFilesHoldTheClassesAndTheirColours) {
  testing::save_as_checkpoint(model_, dir_ / "m.ckpt");
  const auto model = load(dir_ / "m.ckpt");
  ASSERT_TRUE(model);
  const SegmentationPrediction prediction = model->segment({images_[0]}).front();
  ASSERT_FALSE(prediction.error);
  Result<MaskFiles> files = write_mask_files(prediction, model->contract(), dir_, "colour");
  ASSERT_TRUE(files) << files.error().describe();
  EXPECT_EQ(files.value().mask, dir_ / "colour_mask.png");
  const cv::Mat mask = cv::imread(files.value().mask.string(), cv::IMREAD_UNCHANGED);
  const cv::Mat colour = cv::imread(files.value().colour.string(), cv::IMREAD_UNCHANGED);
  ASSERT_EQ(mask.type(), CV_8UC1);
  ASSERT_EQ(colour.type(), CV_8UC3);
  ASSERT_EQ(mask.rows, 32);
  ASSERT_EQ(mask.cols, 32);
  for (int y = 0; y < 32; ++y) {
    for (int x = 0; x < 32; ++x) {
      const std::int32_t index = prediction.classes[static_cast<std::size_t>(y * 32 + x)];
      ASSERT_EQ(mask.at<std::uint8_t>(y, x), index);
      const ClassColour expected = default_class_colour(index);
      const cv::Vec3b bgr = colour.at<cv::Vec3b>(y, x);
      ASSERT_EQ((ClassColour{bgr[2], bgr[1], bgr[0]}), expected);
    }
  }
  // Colours the data set names are the ones drawn.
  PreprocessingContract named = model->contract();
  named.class_colours = {{10, 20, 30}, {40, 50, 60}, {70, 80, 90}, {100, 110, 120}};
  const std::vector<std::uint8_t> rgb = colour_mask(prediction, named);
  const auto first = static_cast<std::size_t>(prediction.classes[0]);
  EXPECT_EQ(rgb[0], named.class_colours[first][0]);
  EXPECT_EQ(rgb[2], named.class_colours[first][2]);
}

TEST_F(SegmentationInferenceTest, TheContractCarriesTheTaskAndNamedColours) {
  PreprocessingContract contract = model_.contract;
  nlohmann::json json = contract.to_json();
  EXPECT_EQ(json["task"], "segmentation");
  EXPECT_FALSE(json.contains("class_colours"));
  contract.class_colours = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};
  EXPECT_EQ(PreprocessingContract::from_json(contract.to_json()), contract);
  // Exports from before tasks are classifiers; an unknown task is refused by name.
  json.erase("task");
  EXPECT_EQ(PreprocessingContract::from_json(json).task, ProjectTask::Classification);
  json["task"] = "detection";
  EXPECT_THROW(PreprocessingContract::from_json(json), nlohmann::json::exception);
  EXPECT_EQ(contract.colour_of(1), (ClassColour{4, 5, 6}));
  EXPECT_EQ(contract.colour_of(9), default_class_colour(9));
}

TEST_F(SegmentationInferenceTest, TopClassesExplainAndInt8RefuseASegmentationModelInASentence) {
  testing::save_as_checkpoint(model_, dir_ / "m.ckpt");
  const auto model = load(dir_ / "m.ckpt");
  ASSERT_TRUE(model);
  const ImagePrediction top = model->predict(images_[0]);
  ASSERT_TRUE(top.error);
  EXPECT_NE(top.error->find("per-pixel logits (segmentation)"), std::string::npos) << *top.error;

  Result<std::shared_ptr<ModelExplainer>> explainer = ModelExplainer::load(dir_ / "m.ckpt");
  ASSERT_TRUE(explainer) << explainer.error().describe();
  for (ExplainMethod method : {ExplainMethod::GradCam, ExplainMethod::Occlusion,
                               ExplainMethod::Saliency, ExplainMethod::FeatureMaps}) {
    ExplainRequest request;
    request.method = method;
    request.block_id = "dec1b_relu";
    const auto refusal = explainer.value()->refusal(request);
    ASSERT_TRUE(refusal);
    EXPECT_NE(refusal->error.message.find("this is a segmentation model (N\u00d74\u00d732\u00d732 "
                                          "logits, a class per pixel)"),
              std::string::npos)
        << refusal->error.message;
    Result<Explanation> explained = explainer.value()->explain(images_[0], request);
    ASSERT_FALSE(explained);
    EXPECT_EQ(explained.error().message, refusal->error.message);
  }

  const Int8ExportResult int8 = export_checkpoint_int8(dir_ / "m.ckpt", dir_ / "m-int8.onnx", {});
  ASSERT_TRUE(int8.error);
  EXPECT_TRUE(int8.input_error);
  EXPECT_NE(int8.error->message.find("this is a segmentation model"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir_ / "m-int8.onnx"));
}

}  // namespace
}  // namespace convstudio
