#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "data/image_header.h"
#include "test_files.h"

namespace convstudio {
namespace {

using Format = ImageHeader::Format;

std::vector<std::uint8_t> encoded(const std::string& extension, const cv::Mat& image,
                                  const std::vector<int>& flags = {}) {
  std::vector<std::uint8_t> bytes;
  EXPECT_TRUE(cv::imencode(extension, image, bytes, flags)) << extension;
  return bytes;
}

ImageHeader probe(const std::vector<std::uint8_t>& bytes) {
  const std::optional<ImageHeader> header = probe_image_header(bytes.data(), bytes.size());
  EXPECT_TRUE(header.has_value());
  return header.value_or(ImageHeader{});
}

TEST(ImageHeader, ReadsSizeAndLayoutOfEveryFormatOpenCvWrites) {
  const cv::Mat colour(37, 53, CV_8UC3, cv::Scalar(1, 2, 3));
  const cv::Mat grey(37, 53, CV_8UC1, cv::Scalar(7));
  struct Case {
    const char* extension;
    Format format;
  };
  for (const Case& c :
       {Case{".png", Format::Png}, Case{".jpg", Format::Jpeg}, Case{".bmp", Format::Bmp},
        Case{".webp", Format::WebP}, Case{".tiff", Format::Tiff}, Case{".ppm", Format::Pnm}}) {
    const ImageHeader h = probe(encoded(c.extension, colour));
    EXPECT_EQ(h.format, c.format) << c.extension;
    EXPECT_EQ(h.width, 53) << c.extension;
    EXPECT_EQ(h.height, 37) << c.extension;
    EXPECT_FALSE(h.grey) << c.extension;
  }
  for (const char* extension : {".png", ".jpg", ".bmp", ".tiff", ".pgm"}) {
    const ImageHeader h = probe(encoded(extension, grey));
    EXPECT_TRUE(h.grey) << extension;
    EXPECT_EQ(h.width, 53) << extension;
  }
}

TEST(ImageHeader, LosslessWebPAndAlphaAreRecognised) {
  const cv::Mat rgba(20, 30, CV_8UC4, cv::Scalar(1, 2, 3, 128));
  const ImageHeader lossless = probe(encoded(".webp", rgba, {cv::IMWRITE_WEBP_QUALITY, 101}));
  EXPECT_EQ(lossless.width, 30);
  EXPECT_EQ(lossless.height, 20);
  EXPECT_TRUE(probe(encoded(".png", rgba)).alpha);
  EXPECT_FALSE(probe(encoded(".png", cv::Mat(2, 2, CV_8UC3))).alpha);
}

TEST(ImageHeader, SixteenBitDepthIsReported) {
  EXPECT_EQ(probe(encoded(".png", cv::Mat(4, 4, CV_16UC1, cv::Scalar(9)))).bits, 16);
  EXPECT_EQ(probe(encoded(".png", cv::Mat(4, 4, CV_8UC1, cv::Scalar(9)))).bits, 8);
}

TEST(ImageHeader, TruncatedOrForeignBytesHaveNoHeader) {
  const std::vector<std::uint8_t> jpeg = encoded(".jpg", cv::Mat(8, 8, CV_8UC3));
  for (std::size_t keep : {0u, 2u, 10u}) {
    EXPECT_FALSE(probe_image_header(jpeg.data(), keep).has_value()) << keep;
  }
  const std::string text = "GIF89a....";
  EXPECT_FALSE(probe_image_header(reinterpret_cast<const std::uint8_t*>(text.data()), text.size())
                   .has_value());
}

TEST(ImageHeader, HeaderSizesAreTakenAtFaceValue) {
  // A PNG may claim any size: the decoder compares it with its limit before decoding.
  testing::TempFolder folder;
  testing::write_png_bomb(folder / "bomb.png", 70000, 3);
  std::ifstream in(folder / "bomb.png", std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
  const ImageHeader h = probe(bytes);
  EXPECT_EQ(h.width, 70000);
  EXPECT_EQ(h.height, 3);
  EXPECT_TRUE(h.grey);
}

}  // namespace
}  // namespace convstudio
