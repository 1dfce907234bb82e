#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <new>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "convstudio/data/dataset.h"
#include "data/batch_loader.h"
#include "data/channel_statistics.h"
#include "data/image_decoder.h"
#include "data/image_header.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

const fs::path kFixtures = CONVSTUDIO_DATA_FIXTURES;

ImageTarget rgb(int height, int width, FitMode fit = FitMode::Stretch) {
  return {3, height, width, fit};
}

std::vector<std::uint8_t> read_planar(const std::string& path, const ImageTarget& target) {
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(target.channels) * target.height *
                                   target.width);
  const std::optional<Error> error = read_image_file(path, target, pixels.data());
  EXPECT_FALSE(error.has_value()) << (error ? error->describe() : "");
  return pixels;
}

// Clears the read hook even when a test fails halfway.
struct HookGuard {
  ~HookGuard() { set_image_read_hook_for_testing({}); }
};

TEST(ImageDecoder, DecompressionBombIsRefusedBeforeDecoding) {
  TempFolder folder;
  const std::string bomb = folder / "bomb.png";
  testing::write_png_bomb(bomb, 10000, 10000);  // 100 megapixels in a few hundred KB
  ASSERT_LT(fs::file_size(bomb), 1u << 20);
  std::vector<std::uint8_t> pixels(3 * 8 * 8);
  const std::optional<Error> error = read_image_file(bomb, rgb(8, 8), pixels.data());
  ASSERT_TRUE(error.has_value()) << "a 100-megapixel image must not be decoded";
  EXPECT_EQ(error->file, bomb);
  EXPECT_NE(error->message.find("10000\u00d710000"), std::string::npos) << error->message;
  EXPECT_NE(error->message.find("64-megapixel"), std::string::npos) << error->message;
}

TEST(ImageDecoder, BombInAFolderIsLeftOutWithItsReason) {
  TempFolder root;
  fs::create_directories(root.path() / "a");
  testing::write_png((root.path() / "a" / "fine.png").string(), 4, 4, 9, 9, 9);
  testing::write_png_bomb((root.path() / "a" / "huge.png").string(), 9000, 9000);
  DatasetRequest request;
  request.kind = DatasetKind::ImageFolder;
  request.path = root.path().string();
  request.channels = 3;
  request.height = request.width = 4;
  request.validation_fraction = 0.5;
  Result<Dataset> loaded = load_dataset(request);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  std::vector<Error> skipped;
  for (const auto& split : {loaded.value().train, loaded.value().validation}) {
    std::vector<std::uint8_t> scratch(split->image_bytes());
    for (std::int64_t i = 0; i < split->size(); ++i) {
      Result<const std::uint8_t*> pixels = split->fetch(i, scratch.data());
      if (!pixels) skipped.push_back(pixels.error());
    }
  }
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_EQ(fs::path(skipped[0].file).filename(), "huge.png");
  EXPECT_NE(skipped[0].message.find("decompression bombs"), std::string::npos);
}

TEST(ImageDecoder, FailuresInsideLoaderWorkersNameTheFileAndNeverEndTheProcess) {
  TempFolder root;
  fs::create_directories(root.path() / "a");
  for (int i = 0; i < 12; ++i) {
    testing::write_png((root.path() / "a" / (std::to_string(i) + ".png")).string(), 4, 4, i, 0, 0);
  }
  HookGuard guard;
  // Out of memory on one file, an OpenCV error on another: both thrown on worker threads.
  set_image_read_hook_for_testing([](const std::string& path) {
    if (fs::path(path).filename() == "3.png") throw std::bad_alloc();
    if (fs::path(path).filename() == "7.png") {
      throw cv::Exception(cv::Error::StsNoMem, "injected", "decode", __FILE__, __LINE__);
    }
  });
  DatasetRequest request;
  request.kind = DatasetKind::ImageFolder;
  request.path = root.path().string();
  request.channels = 3;
  request.height = request.width = 4;
  request.validation_fraction = 0.1;
  request.cache = CacheMode::Off;
  Result<Dataset> loaded = load_dataset(request);  // samples statistics on all cores
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().info.normalisation.images, 10);

  BatchLoaderOptions options;
  options.batch_size = 3;
  options.workers = 3;
  std::map<std::string, std::string> reasons;
  std::int64_t rows = 0;
  for (const auto& split : {loaded.value().train, loaded.value().validation}) {
    BatchLoader loader(split, options);
    loader.start_epoch(0);
    while (std::optional<Batch> batch = loader.next()) {
      rows += batch->images.size(0);
      for (const Error& problem : batch->skipped) {
        reasons[fs::path(problem.file).filename().string()] = problem.message;
      }
    }
  }
  EXPECT_EQ(rows, 10);
  ASSERT_EQ(reasons.size(), 2u);
  EXPECT_NE(reasons["3.png"].find("not enough memory"), std::string::npos) << reasons["3.png"];
  EXPECT_NE(reasons["7.png"].find("injected"), std::string::npos) << reasons["7.png"];
}

TEST(ImageDecoder, ExifOrientationIsApplied) {
  // Stored 8 wide x 4 high, red left and blue right, tagged "rotate 90 degrees clockwise":
  // shown 4 wide x 8 high, red on top.
  const std::vector<std::uint8_t> pixels =
      read_planar((kFixtures / "exif6.jpg").string(), rgb(8, 4));
  const auto at = [&](int c, int y, int x) { return pixels[(c * 8 + y) * 4 + x]; };
  EXPECT_GT(at(0, 0, 0), 200);  // top: red
  EXPECT_LT(at(2, 0, 0), 50);
  EXPECT_GT(at(2, 7, 3), 200);  // bottom: blue
  EXPECT_LT(at(0, 7, 3), 50);
  ImageHeader header;
  ASSERT_FALSE(read_image_header((kFixtures / "exif6.jpg").string(), header).has_value());
  EXPECT_EQ(header.width, 8) << "the header is the stored size";
}

TEST(ImageDecoder, CmykJpegIsConvertedToRgb) {
  ImageHeader header;
  ASSERT_FALSE(read_image_header((kFixtures / "cmyk.jpg").string(), header).has_value());
  EXPECT_TRUE(header.cmyk);
  const std::vector<std::uint8_t> pixels =
      read_planar((kFixtures / "cmyk.jpg").string(), rgb(4, 6));
  EXPECT_GT(pixels[0], 240);      // red
  EXPECT_LT(pixels[24], 15);      // green
  EXPECT_LT(pixels[2 * 24], 15);  // blue
}

TEST(ImageDecoder, SixteenBitPngIsScaledToEightBits) {
  TempFolder folder;
  const std::string path = folder / "deep.png";
  cv::imwrite(path, cv::Mat(3, 3, CV_16UC3, cv::Scalar(0, 32768, 65535)));
  ImageHeader header;
  ASSERT_FALSE(read_image_header(path, header).has_value());
  EXPECT_EQ(header.bits, 16);
  const std::vector<std::uint8_t> pixels = read_planar(path, rgb(3, 3));
  EXPECT_EQ(pixels[0], 255);  // red from 65535
  EXPECT_EQ(pixels[9], 128);  // green from 32768
  EXPECT_EQ(pixels[18], 0);   // blue
}

TEST(ImageDecoder, AlphaIsDroppedKeepingTheColourUnderneath) {
  TempFolder folder;
  const std::string path = folder / "clear.png";
  cv::imwrite(path, cv::Mat(2, 2, CV_8UC4, cv::Scalar(10, 20, 30, 0)));  // fully transparent
  ImageHeader header;
  ASSERT_FALSE(read_image_header(path, header).has_value());
  EXPECT_TRUE(header.alpha);
  const std::vector<std::uint8_t> pixels = read_planar(path, rgb(2, 2));
  EXPECT_EQ(pixels[0], 30);
  EXPECT_EQ(pixels[4], 20);
  EXPECT_EQ(pixels[8], 10);
}

TEST(ImageDecoder, ReducedJpegDecodingMatchesFullDecodingClosely) {
  TempFolder folder;
  const std::string path = folder / "big.jpg";
  cv::Mat image(400, 600, CV_8UC3);
  for (int y = 0; y < image.rows; ++y) {
    for (int x = 0; x < image.cols; ++x) {
      image.at<cv::Vec3b>(y, x) = cv::Vec3b(static_cast<std::uint8_t>(x * 255 / 600),
                                            static_cast<std::uint8_t>(y * 255 / 400), 128);
    }
  }
  cv::imwrite(path, image, {cv::IMWRITE_JPEG_QUALITY, 95});
  const std::vector<std::uint8_t> reduced = read_planar(path, rgb(32, 32, FitMode::ResizeCrop));
  // The same fit from a full decode, by hand.
  std::vector<std::uint8_t> bytes;
  ASSERT_FALSE(read_file_bytes(path, bytes).has_value());
  cv::Mat full;
  ASSERT_FALSE(decode_image(path, bytes, ImageTarget{3, 0, 0, FitMode::ResizeCrop}, full));
  EXPECT_EQ(full.cols, 600);
  cv::Mat fitted;
  cv::resize(full(cv::Rect(100, 0, 400, 400)), fitted, cv::Size(32, 32), 0, 0, cv::INTER_AREA);
  double worst = 0;
  for (int y = 0; y < 32; ++y) {
    for (int x = 0; x < 32; ++x) {
      const cv::Vec3b bgr = fitted.at<cv::Vec3b>(y, x);
      const auto k = static_cast<std::size_t>(y * 32 + x);
      worst = std::max({worst, std::abs(double(bgr[0]) - reduced[2 * 1024 + k]),
                        std::abs(double(bgr[1]) - reduced[1024 + k])});
    }
  }
  EXPECT_LE(worst, 6.0) << "1/8-scale decoding must look like the full decode";
}

TEST(ImageDecoder, NamedReasonsForFilesThatAreNotImages) {
  TempFolder folder;
  std::ofstream(folder / "text.png") << "hello";
  std::ofstream(folder / "empty.jpg");
  std::vector<std::uint8_t> pixels(12);
  auto error = read_image_file(folder / "text.png", rgb(2, 2), pixels.data());
  ASSERT_TRUE(error);
  EXPECT_NE(error->message.find("not a PNG, JPEG"), std::string::npos);
  error = read_image_file(folder / "empty.jpg", rgb(2, 2), pixels.data());
  ASSERT_TRUE(error);
  EXPECT_NE(error->message.find("empty"), std::string::npos);
  error = read_image_file(folder / "missing.png", rgb(2, 2), pixels.data());
  ASSERT_TRUE(error);
  EXPECT_NE(error->message.find("cannot be opened"), std::string::npos);
  // A real PNG cut short: the header is there, the pixel data is not.
  const std::string cut = folder / "cut.png";
  testing::write_png(cut, 40, 40, 1, 2, 3);
  fs::resize_file(cut, 60);
  error = read_image_file(cut, rgb(2, 2), pixels.data());
  ASSERT_TRUE(error);
  EXPECT_EQ(error->file, cut);
}

}  // namespace
}  // namespace convstudio
