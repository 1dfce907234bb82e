// Predicting images from a checkpoint and from native, TorchScript and ONNX exports: the same
// probabilities from all four, preprocessing as training did it, temperature and folder CSVs.

#include <unistd.h>

#include <fstream>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include "convstudio/export/inference_model.h"
#include "export/native_export.h"
#include "export/onnx_export.h"
#include "export/torchscript_export.h"
#include "trained_model_factory.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

class InferenceModelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("convstudio-inference-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "images" / "sub");
    model_ = testing::random_trained_model("lenet5", TensorShape::image(1, 28, 28), 5);
    // A colour image of another size, and a grey one: both must become 1×28×28.
    cv::Mat colour(40, 50, CV_8UC3);
    cv::randu(colour, 0, 255);
    cv::imwrite((dir_ / "images" / "colour.png").string(), colour);
    cv::Mat grey(28, 28, CV_8UC1);
    cv::randu(grey, 0, 255);
    cv::imwrite((dir_ / "images" / "sub" / "grey.bmp").string(), grey);
    std::ofstream(dir_ / "images" / "broken.jpg") << "not an image";
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
  TrainedModel model_;
};

TEST_F(InferenceModelTest, CheckpointAndEveryLoadableExportPredictTheSame) {
  testing::save_as_checkpoint(model_, dir_ / "m.ckpt");
  ASSERT_FALSE(NativeExport::write(model_, dir_ / "m.safetensors", {}));
  ASSERT_FALSE(TorchScriptExport::write(model_, dir_ / "m.pt"));
  ASSERT_FALSE(OnnxExport::write(model_, dir_ / "m.onnx"));
  std::vector<ImagePrediction> first;
  for (const char* name : {"m.ckpt", "m.safetensors", "m.pt", "m.onnx"}) {
    SCOPED_TRACE(name);
    const InferenceModelLoad load = InferenceModel::load(dir_ / name);
    ASSERT_TRUE(load.model) << load.error->describe();
    EXPECT_EQ(load.model->contract(), model_.contract);
    const std::vector<ImagePrediction> got = load.model->predict(
        {dir_ / "images" / "colour.png", dir_ / "images" / "sub" / "grey.bmp"}, 10, 1.0);
    ASSERT_EQ(got.size(), 2u);
    for (const ImagePrediction& prediction : got) {
      ASSERT_FALSE(prediction.error) << *prediction.error;
      ASSERT_EQ(prediction.top.size(), 10u);
      double sum = 0;
      for (const ClassScore& score : prediction.top) sum += score.probability;
      EXPECT_NEAR(sum, 1.0, 1e-9);
      EXPECT_EQ(prediction.top[0].name, "class " + std::to_string(prediction.top[0].index));
    }
    if (first.empty()) {
      first = got;
      continue;
    }
    for (std::size_t i = 0; i < got.size(); ++i) {
      for (std::size_t j = 0; j < got[i].top.size(); ++j) {
        EXPECT_EQ(got[i].top[j].index, first[i].top[j].index);
        EXPECT_NEAR(got[i].top[j].probability, first[i].top[j].probability, 1e-6);
      }
    }
    // A batch of another size through the same loaded model (ONNX: a dynamic batch).
    const ImagePrediction single = load.model->predict(dir_ / "images" / "sub" / "grey.bmp", 10);
    ASSERT_FALSE(single.error);
    EXPECT_EQ(single.top[0].index, first[1].top[0].index);
    EXPECT_NEAR(single.top[0].probability, first[1].top[0].probability, 1e-6);
  }
}

TEST_F(InferenceModelTest, OnnxWithoutOurContractOrTruncatedIsRefusedByName) {
  ASSERT_FALSE(OnnxExport::write(model_, dir_ / "m.onnx"));
  std::ifstream in(dir_ / "m.onnx", std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::ofstream(dir_ / "cut.onnx", std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  const InferenceModelLoad cut = InferenceModel::load(dir_ / "cut.onnx");
  EXPECT_FALSE(cut.model);
  ASSERT_TRUE(cut.error);
  EXPECT_NE(cut.error->file.find("cut.onnx"), std::string::npos) << cut.error->describe();
  EXPECT_NE(cut.error->message.find("not an ONNX model"), std::string::npos)
      << cut.error->describe();

  // The same network with its metadata dropped: its preprocessing is unknown.
  std::string stripped = bytes;
  const std::string key = "convstudio";
  for (std::size_t at = stripped.find(key); at != std::string::npos; at = stripped.find(key, at)) {
    stripped.replace(at, key.size(), "otherstudi");
  }
  std::ofstream(dir_ / "foreign.onnx", std::ios::binary) << stripped;
  const InferenceModelLoad foreign = InferenceModel::load(dir_ / "foreign.onnx");
  EXPECT_FALSE(foreign.model);
  ASSERT_TRUE(foreign.error);
  EXPECT_NE(foreign.error->describe().find("holds no metadata 'convstudio'"), std::string::npos)
      << foreign.error->describe();
}

TEST_F(InferenceModelTest, LowTemperatureSharpensAndTopKIsAPartOfTheWhole) {
  ASSERT_FALSE(NativeExport::write(model_, dir_ / "m.safetensors", {}));
  const InferenceModelLoad load = InferenceModel::load(dir_ / "m.safetensors");
  ASSERT_TRUE(load.model) << load.error->describe();
  const fs::path image = dir_ / "images" / "colour.png";
  const ImagePrediction normal = load.model->predict(image, 3, 1.0);
  const ImagePrediction sharp = load.model->predict(image, 3, 0.6);
  ASSERT_EQ(normal.top.size(), 3u);
  EXPECT_EQ(sharp.top[0].index, normal.top[0].index);
  EXPECT_GT(sharp.top[0].probability, normal.top[0].probability);
  double sum = 0;
  for (const ClassScore& score : normal.top) sum += score.probability;
  EXPECT_LE(sum, 1.0 + 1e-12);
}

TEST_F(InferenceModelTest, FolderGoesToCsvWithAnErrorRowForUnreadableFiles) {
  ASSERT_FALSE(NativeExport::write(model_, dir_ / "m.safetensors", {}));
  const InferenceModelLoad load = InferenceModel::load(dir_ / "m.safetensors");
  ASSERT_TRUE(load.model) << load.error->describe();
  std::vector<std::pair<std::int64_t, std::int64_t>> reports;
  const FolderPrediction result = load.model->predict_folder(
      dir_ / "images", dir_ / "out.csv", 2, 1.0, [&](std::int64_t done, std::int64_t total) {
        reports.emplace_back(done, total);
        return true;
      });
  ASSERT_FALSE(result.error) << *result.error;
  EXPECT_FALSE(result.cancelled);
  const std::vector<std::pair<std::int64_t, std::int64_t>> expected = {{0, 3}, {3, 3}};
  EXPECT_EQ(reports, expected);
  EXPECT_EQ(result.images, 3);
  EXPECT_EQ(result.failed, 1);
  std::ifstream csv(dir_ / "out.csv");
  std::vector<std::string> lines;
  for (std::string line; std::getline(csv, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "file,class_1,probability_1,class_2,probability_2,error");
  EXPECT_EQ(lines[1].rfind("broken.jpg,,,,,\"cannot be read", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2].rfind("colour.png,class ", 0), 0u) << lines[2];
  EXPECT_EQ(lines[3].rfind("sub/grey.bmp,class ", 0), 0u) << lines[3];
}

TEST_F(InferenceModelTest, CancelledFolderWritesNothing) {
  ASSERT_FALSE(NativeExport::write(model_, dir_ / "m.safetensors", {}));
  const InferenceModelLoad load = InferenceModel::load(dir_ / "m.safetensors");
  ASSERT_TRUE(load.model) << load.error->describe();
  const FolderPrediction result = load.model->predict_folder(
      dir_ / "images", dir_ / "out.csv", 2, 1.0, [](std::int64_t, std::int64_t) { return false; });
  EXPECT_TRUE(result.cancelled);
  ASSERT_TRUE(result.error);
  EXPECT_NE(result.error->find("cancelled"), std::string::npos) << *result.error;
  EXPECT_FALSE(fs::exists(dir_ / "out.csv"));
}

}  // namespace
}  // namespace convstudio
