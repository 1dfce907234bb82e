#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include "data/augmenter.h"
#include "data/random_erasing.h"

namespace convstudio {
namespace {

constexpr int kSize = 28;

std::vector<std::uint8_t> augment(const AugmentationOptions& options,
                                  const std::vector<std::uint8_t>& image, std::uint64_t seed) {
  std::vector<std::uint8_t> out(image.size());
  Augmenter(options, 1, kSize, kSize).apply(image.data(), out.data(), seed);
  return out;
}

bool inside(const EraseBox& box, int x, int y) {
  return x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
}

TEST(RandomErasing, OffLeavesTheImageAndTurnsTheAugmenterOn) {
  std::vector<std::uint8_t> image(kSize * kSize, 77);
  AugmentationOptions options;
  EXPECT_FALSE(options.enabled());
  options.erasing = 0.5f;
  EXPECT_TRUE(options.enabled());
  SeededRandom random(1);
  EXPECT_EQ(random_erasing_box(kSize, kSize, 0.0, random).width, 0);
}

// The rectangle keeps torchvision's ranges: it lies inside the image, covers 2-33% of it (up to
// rounding of its sides) with an aspect ratio in [0.3, 3.3], and varies with the seed.
TEST(RandomErasing, RectanglesStayInsideWithTheDocumentedAreaAndShape) {
  int distinct_corners = 0;
  EraseBox previous;
  for (std::uint64_t seed = 0; seed < 500; ++seed) {
    SeededRandom random(seed);
    const EraseBox box = random_erasing_box(kSize, kSize, 1.0, random);
    ASSERT_GT(box.width, 0) << "seed " << seed;
    EXPECT_GE(box.x, 0);
    EXPECT_GE(box.y, 0);
    EXPECT_LE(box.x + box.width, kSize);
    EXPECT_LE(box.y + box.height, kSize);
    const double share = static_cast<double>(box.width * box.height) / (kSize * kSize);
    EXPECT_GE(share, 0.01) << "seed " << seed;
    EXPECT_LE(share, 0.40) << "seed " << seed;
    const double ratio = static_cast<double>(box.height) / box.width;
    EXPECT_GE(ratio, 0.2) << "seed " << seed;
    EXPECT_LE(ratio, 5.0) << "seed " << seed;
    distinct_corners += box.x != previous.x || box.y != previous.y;
    previous = box;
  }
  EXPECT_GT(distinct_corners, 400);
}

// The probability is the share of images erased: about half at 0.5, every one at 1.
TEST(RandomErasing, ProbabilityIsTheShareOfImagesErased) {
  const std::vector<std::uint8_t> image(kSize * kSize, 0);
  AugmentationOptions options;
  options.erasing = 0.5f;
  int erased = 0;
  constexpr int kImages = 2000;
  for (std::uint64_t seed = 0; seed < kImages; ++seed)
    erased += augment(options, image, seed) != image;
  EXPECT_NEAR(static_cast<double>(erased) / kImages, 0.5, 0.05);
  options.erasing = 1.f;
  for (std::uint64_t seed = 0; seed < 100; ++seed) EXPECT_NE(augment(options, image, seed), image);
}

// Erasing comes last and from its own random stream: outside the rectangle the image is exactly
// what the other augmentations alone make of it, and the same seed erases the same way.
TEST(RandomErasing, OnlyTheRectangleChangesAndTheOtherDrawsStayTheSame) {
  std::vector<std::uint8_t> image(kSize * kSize);
  std::iota(image.begin(), image.end(), std::uint8_t{1});
  AugmentationOptions plain;
  plain.crop_padding = 2;
  plain.hflip = true;
  AugmentationOptions erasing = plain;
  erasing.erasing = 1.f;
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const auto without = augment(plain, image, seed);
    const auto with = augment(erasing, image, seed);
    EXPECT_EQ(with, augment(erasing, image, seed));
    SeededRandom random = erasing_random(seed);
    const EraseBox box = random_erasing_box(kSize, kSize, 1.0, random);
    int changed_inside = 0;
    for (int y = 0; y < kSize; ++y) {
      for (int x = 0; x < kSize; ++x) {
        const std::size_t k = static_cast<std::size_t>(y * kSize + x);
        if (inside(box, x, y)) {
          changed_inside += with[k] != without[k];
        } else {
          ASSERT_EQ(with[k], without[k]) << "seed " << seed << " pixel " << x << "," << y;
        }
      }
    }
    // Noise matches the old pixel by chance about once in 256 draws.
    EXPECT_GT(changed_inside, box.width * box.height / 2) << "seed " << seed;
  }
}

}  // namespace
}  // namespace convstudio
