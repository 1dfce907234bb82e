// Predicting images from a checkpoint and from native, TorchScript and ONNX exports: the same
// probabilities from all four, preprocessing as training did it, temperature and folder CSVs.

#include <unistd.h>

#include <fstream>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include "convstudio/data/dataset.h"
#include "convstudio/export/inference_model.h"
#include "export/image_batch.h"
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
  EXPECT_EQ(lines[1].rfind("broken.jpg,,,,,\"is not a PNG, JPEG", 0), 0u) << lines[1];
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

TEST_F(InferenceModelTest, EveryExportCarriesTheFitAndPredictAppliesIt) {
  model_.contract.fit = FitMode::Pad;
  testing::save_as_checkpoint(model_, dir_ / "m.ckpt");
  ASSERT_FALSE(NativeExport::write(model_, dir_ / "m.safetensors", {}));
  ASSERT_FALSE(TorchScriptExport::write(model_, dir_ / "m.pt"));
  ASSERT_FALSE(OnnxExport::write(model_, dir_ / "m.onnx"));
  for (const char* name : {"m.ckpt", "m.safetensors", "m.pt", "m.onnx"}) {
    const InferenceModelLoad load = InferenceModel::load(dir_ / name);
    ASSERT_TRUE(load.model) << load.error->describe();
    EXPECT_EQ(load.model->contract().fit, FitMode::Pad) << name;
  }
  EXPECT_EQ(model_.contract.to_json()["fit"], "pad");

  // A white image twice as wide as high: padded, its top and bottom quarters are black.
  const fs::path wide = dir_ / "wide.png";
  cv::imwrite(wide.string(), cv::Mat(20, 40, CV_8UC1, cv::Scalar(255)));
  ImageBatch padded = load_image_batch({wide}, model_.contract);
  model_.contract.fit = FitMode::ResizeCrop;
  ImageBatch cropped = load_image_batch({wide}, model_.contract);
  ASSERT_EQ(padded.rows.size(), 1u);
  const float mean = model_.contract.mean[0];
  const float std = model_.contract.std[0];
  EXPECT_NEAR(padded.input[0][0][0][14].item<float>(), (0.f - mean) / std, 1e-5) << "black";
  EXPECT_NEAR(padded.input[0][0][14][14].item<float>(), (1.f - mean) / std, 1e-5) << "image";
  EXPECT_NEAR(cropped.input[0][0][0][14].item<float>(), (1.f - mean) / std, 1e-5) << "cropped";
}

// The promise behind every export's "fit": an image reaches the model with the same pixels
// in predict (and the Inference panel, which calls it) as it did in training and evaluation,
// which read it through the dataset. Checked per fit mode on colour images wider, taller and
// smaller than the input.
TEST_F(InferenceModelTest, PredictFitsAnImageExactlyAsTrainingReadIt) {
  const fs::path root = dir_ / "data";
  const std::vector<cv::Size> sizes = {{50, 20}, {17, 41}, {5, 7}, {12, 12}};
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    fs::create_directories(root / ("class" + std::to_string(i % 2)));
    cv::Mat colour(sizes[i], CV_8UC3);
    cv::randu(colour, 0, 255);
    cv::imwrite((root / ("class" + std::to_string(i % 2)) / (std::to_string(i) + ".png")).string(),
                colour);
  }
  ::setenv("XDG_CACHE_HOME", (dir_ / "cache").c_str(), 1);  // this test's own file index
  for (const FitMode fit : {FitMode::ResizeCrop, FitMode::Stretch, FitMode::Pad}) {
    SCOPED_TRACE(to_string(fit));
    DatasetRequest request;
    request.kind = DatasetKind::ImageFolder;
    request.path = root.string();
    request.channels = 3;
    request.height = 9;
    request.width = 11;
    request.fit = fit;
    request.validation_fraction = 0.5;
    request.compute_statistics = false;
    Result<Dataset> dataset = load_dataset(request);
    ASSERT_TRUE(dataset.ok()) << dataset.error().describe();
    PreprocessingContract contract;
    contract.input = TensorShape::image(3, 9, 11);
    contract.fit = fit;
    for (const auto& split : {dataset.value().train, dataset.value().validation}) {
      for (std::int64_t sample = 0; sample < split->size(); ++sample) {
        std::vector<std::uint8_t> scratch(split->image_bytes());
        const Result<const std::uint8_t*> trained = split->fetch(sample, scratch.data());
        ASSERT_TRUE(trained.ok());
        const ImageBatch predicted = load_image_batch({split->source(sample)}, contract);
        ASSERT_EQ(predicted.rows.size(), 1u) << split->source(sample);
        const torch::Tensor bytes =
            (predicted.input[0] * 255).round().to(torch::kUInt8).contiguous();
        EXPECT_TRUE(std::equal(trained.value(), trained.value() + split->image_bytes(),
                               bytes.data_ptr<std::uint8_t>()))
            << split->source(sample);
      }
    }
  }
}

TEST(PreprocessingContract, ExportsWithoutAFitReadAsStretchedAndBadFitsAreRefused) {
  PreprocessingContract contract;
  contract.input = TensorShape::image(1, 4, 4);
  contract.fit = FitMode::ResizeCrop;
  nlohmann::json json = contract.to_json();
  EXPECT_EQ(PreprocessingContract::from_json(json).fit, FitMode::ResizeCrop);
  json.erase("fit");
  EXPECT_EQ(PreprocessingContract::from_json(json).fit, FitMode::Stretch);
  json["fit"] = "zoom";
  EXPECT_THROW(PreprocessingContract::from_json(json), nlohmann::json::exception);
}

}  // namespace
}  // namespace convstudio
