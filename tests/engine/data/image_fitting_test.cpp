#include <gtest/gtest.h>

#include <vector>

#include <opencv2/core.hpp>

#include "data/image_fitting.h"

namespace convstudio {
namespace {

TEST(FitGeometry, ResizeCropCutsTheCentreOfTheTargetsAspect) {
  // 200 x 100 into 50 x 50: the shorter side (100) scales to 50, the centre 100 x 100 is kept.
  const FitGeometry wide = fit_geometry(200, 100, 50, 50, FitMode::ResizeCrop);
  EXPECT_EQ(wide.source, cv::Rect(50, 0, 100, 100));
  EXPECT_EQ(wide.placed, cv::Rect(0, 0, 50, 50));
  // 100 x 300 into 40 wide x 20 high: width scales by 0.4, the centre 100 x 50 is kept.
  const FitGeometry tall = fit_geometry(100, 300, 40, 20, FitMode::ResizeCrop);
  EXPECT_EQ(tall.source, cv::Rect(0, 125, 100, 50));
}

TEST(FitGeometry, StretchKeepsEverythingAndPadKeepsTheAspect) {
  EXPECT_EQ(fit_geometry(200, 100, 50, 50, FitMode::Stretch).source, cv::Rect(0, 0, 200, 100));
  const FitGeometry pad = fit_geometry(200, 100, 50, 50, FitMode::Pad);
  EXPECT_EQ(pad.source, cv::Rect(0, 0, 200, 100));
  EXPECT_EQ(pad.placed, cv::Rect(0, 12, 50, 25));  // 25 rows of image, centred
}

TEST(FitImage, ModesDifferOnlyWhereTheyShould) {
  // 4 x 2 image (width x height): left half 100, right half 200, one channel.
  cv::Mat image(2, 4, CV_8UC1, cv::Scalar(100));
  image.colRange(2, 4).setTo(200);
  std::vector<std::uint8_t> out(4);

  fit_image(image, true, 1, 2, 2, FitMode::ResizeCrop, out.data());  // the centre 2 x 2
  EXPECT_EQ(out, (std::vector<std::uint8_t>{100, 200, 100, 200}));
  fit_image(image, true, 1, 2, 2, FitMode::Stretch, out.data());  // both halves squeezed
  EXPECT_EQ(out, (std::vector<std::uint8_t>{100, 200, 100, 200}));
  fit_image(image, true, 1, 2, 2, FitMode::Pad, out.data());  // one row of image, one of black
  EXPECT_EQ(out[2], 0);
  EXPECT_EQ(out[3], 0);
  EXPECT_EQ(out[0], 100);
}

TEST(FitImage, GreyBecomesThreeEqualPlanesAndBgrBecomesRgb) {
  const cv::Mat grey(3, 3, CV_8UC1, cv::Scalar(77));
  std::vector<std::uint8_t> out(27);
  fit_image(grey, true, 3, 3, 3, FitMode::ResizeCrop, out.data());
  EXPECT_EQ(out, std::vector<std::uint8_t>(27, 77));
  const cv::Mat bgr(3, 3, CV_8UC3, cv::Scalar(10, 20, 30));
  fit_image(bgr, true, 3, 3, 3, FitMode::ResizeCrop, out.data());
  EXPECT_EQ(out[0], 30);
  EXPECT_EQ(out[9], 20);
  EXPECT_EQ(out[18], 10);
}

}  // namespace
}  // namespace convstudio
