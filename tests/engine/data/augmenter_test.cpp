#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "data/augmenter.h"
#include "data/random_resized_crop.h"

namespace convstudio {
namespace {

constexpr int kSize = 12;

// A 1 x 12 x 12 image with no symmetry: every pixel distinct and non-zero.
std::vector<std::uint8_t> ramp() {
  std::vector<std::uint8_t> image(kSize * kSize);
  std::iota(image.begin(), image.end(), std::uint8_t{1});
  return image;
}

std::vector<std::uint8_t> augment(const AugmentationOptions& options,
                                  const std::vector<std::uint8_t>& image, std::uint64_t seed) {
  std::vector<std::uint8_t> out(image.size());
  Augmenter(options, 1, kSize, kSize).apply(image.data(), out.data(), seed);
  return out;
}

std::vector<std::uint8_t> shifted(const std::vector<std::uint8_t>& image, int dx, int dy) {
  std::vector<std::uint8_t> out(image.size(), 0);
  for (int y = 0; y < kSize; ++y) {
    for (int x = 0; x < kSize; ++x) {
      const int sx = x - dx, sy = y - dy;
      if (sx >= 0 && sx < kSize && sy >= 0 && sy < kSize)
        out[y * kSize + x] = image[sy * kSize + sx];
    }
  }
  return out;
}

std::vector<std::uint8_t> mirrored(const std::vector<std::uint8_t>& image) {
  std::vector<std::uint8_t> out(image.size());
  for (int y = 0; y < kSize; ++y) {
    for (int x = 0; x < kSize; ++x) out[y * kSize + x] = image[y * kSize + kSize - 1 - x];
  }
  return out;
}

AugmentationOptions everything() {
  AugmentationOptions options;
  options.crop_padding = 2;
  options.hflip = true;
  options.rotation_degrees = 10;
  options.brightness = 0.3f;
  options.contrast = 0.3f;
  return options;
}

TEST(Augmenter, DisabledCopiesTheImage) {
  const auto image = ramp();
  EXPECT_FALSE(AugmentationOptions{}.enabled());
  EXPECT_EQ(augment({}, image, 5), image);
}

TEST(Augmenter, SameSeedGivesTheSameImageAndOtherSeedsDiffer) {
  const auto image = ramp();
  EXPECT_EQ(augment(everything(), image, 42), augment(everything(), image, 42));
  int differing = 0;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    differing += augment(everything(), image, seed) != augment(everything(), image, seed + 100);
  }
  EXPECT_GE(differing, 9);
}

TEST(Augmenter, SampleSeedDependsOnRunEpochAndIndex) {
  const std::uint64_t base = Augmenter::sample_seed(1, 2, 3);
  EXPECT_EQ(base, Augmenter::sample_seed(1, 2, 3));
  EXPECT_NE(base, Augmenter::sample_seed(0, 2, 3));
  EXPECT_NE(base, Augmenter::sample_seed(1, 3, 3));
  EXPECT_NE(base, Augmenter::sample_seed(1, 2, 4));
}

TEST(Augmenter, CropWithPaddingShiftsInZeros) {
  AugmentationOptions options;
  options.crop_padding = 2;
  const auto image = ramp();
  int moved = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const auto out = augment(options, image, seed);
    bool matched = false;
    for (int dy = -2; dy <= 2 && !matched; ++dy) {
      for (int dx = -2; dx <= 2 && !matched; ++dx) matched = out == shifted(image, dx, dy);
    }
    EXPECT_TRUE(matched) << "seed " << seed;
    moved += out != image;
  }
  EXPECT_GE(moved, 15);
}

TEST(Augmenter, FlipMirrorsAboutHalfTheTime) {
  AugmentationOptions options;
  options.hflip = true;
  const auto image = ramp();
  int flips = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const auto out = augment(options, image, seed);
    ASSERT_TRUE(out == image || out == mirrored(image)) << "seed " << seed;
    flips += out != image;
  }
  EXPECT_GT(flips, 8);
  EXPECT_LT(flips, 32);
}

TEST(Augmenter, CropAndFlipTogetherMirrorThenShift) {
  AugmentationOptions options;
  options.crop_padding = 3;
  options.hflip = true;
  const auto image = ramp();
  int both = 0;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    const auto out = augment(options, image, seed);
    bool matched = false;
    for (const auto& base : {image, mirrored(image)}) {
      for (int dy = -3; dy <= 3 && !matched; ++dy) {
        for (int dx = -3; dx <= 3 && !matched; ++dx) {
          matched = out == shifted(base, dx, dy);
          both += matched && base != image && (dx != 0 || dy != 0);
        }
      }
    }
    EXPECT_TRUE(matched) << "seed " << seed;
  }
  EXPECT_GT(both, 5);
}

TEST(Augmenter, RotationTurnsAboutTheCentre) {
  AugmentationOptions options;
  options.rotation_degrees = 15;
  const std::vector<std::uint8_t> white(kSize * kSize, 200);
  const auto out = augment(options, white, 3);
  EXPECT_NE(out, white) << "corners turn in from outside the image";
  EXPECT_EQ(out[(kSize / 2) * kSize + kSize / 2], 200);
}

TEST(Augmenter, BrightnessScalesEveryPixelAlike) {
  AugmentationOptions options;
  options.brightness = 0.5f;
  const std::vector<std::uint8_t> grey(kSize * kSize, 100);
  bool changed = false;
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    const auto out = augment(options, grey, seed);
    EXPECT_EQ(out, std::vector<std::uint8_t>(out.size(), out[0]));
    EXPECT_GE(out[0], 50);
    EXPECT_LE(out[0], 150);
    changed |= out[0] != 100;
  }
  EXPECT_TRUE(changed);
}

TEST(Augmenter, ContrastMovesPixelsAboutTheMean) {
  AugmentationOptions options;
  options.contrast = 0.5f;
  std::vector<std::uint8_t> halves(kSize * kSize, 50);
  std::fill(halves.begin() + kSize * kSize / 2, halves.end(), 150);
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    const auto out = augment(options, halves, seed);
    EXPECT_NEAR(out.front() + out.back(), 200, 1) << "symmetric about the mean of 100";
  }
}

TEST(RandomResizedCrop, BoxesKeepTheAreaShareAndAspectRangeAndStayInside) {
  AugmentationOptions options;
  options.resized_crop = true;
  options.crop_min_scale = 0.25f;
  options.crop_max_scale = 0.5f;
  for (std::uint64_t seed = 0; seed < 500; ++seed) {
    SeededRandom random(seed);
    const CropBox box = random_resized_crop_box(200, 100, options, random);
    ASSERT_GE(box.x, 0);
    ASSERT_GE(box.y, 0);
    ASSERT_LE(box.x + box.width, 200);
    ASSERT_LE(box.y + box.height, 100);
    const double share = box.width * box.height / 20000.0;
    EXPECT_GE(share, 0.24) << seed;  // rounding to whole pixels moves it a little
    EXPECT_LE(share, 0.51) << seed;
    const double ratio = static_cast<double>(box.width) / box.height;
    EXPECT_GE(ratio, 0.74) << seed;
    EXPECT_LE(ratio, 1.35) << seed;
  }
}

TEST(RandomResizedCrop, ImpossibleRangesFallBackToTheCentralCrop) {
  AugmentationOptions options;
  options.crop_min_scale = options.crop_max_scale = 1.0f;  // whole area, but only 3:4 to 4:3
  SeededRandom random(1);
  const CropBox box = random_resized_crop_box(400, 100, options, random);  // 4:1 image
  EXPECT_EQ(box.height, 100);
  EXPECT_EQ(box.width, 133);
  EXPECT_EQ(box.x, (400 - 133) / 2);
}

TEST(RandomResizedCrop, IsDeterministicPerSampleAndLeavesOtherDrawsAlone) {
  const auto image = ramp();
  AugmentationOptions crop;
  crop.resized_crop = true;
  EXPECT_TRUE(crop.enabled());
  EXPECT_EQ(augment(crop, image, 3), augment(crop, image, 3));
  EXPECT_NE(augment(crop, image, 3), augment(crop, image, 4));
  // A full-size crop changes nothing, so the flip that follows draws exactly as without it.
  AugmentationOptions flip;
  flip.hflip = true;
  AugmentationOptions full_crop = flip;
  full_crop.resized_crop = true;
  full_crop.crop_min_scale = full_crop.crop_max_scale = 1.0f;
  full_crop.crop_min_ratio = full_crop.crop_max_ratio = 1.0f;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    EXPECT_EQ(augment(full_crop, image, seed), augment(flip, image, seed)) << seed;
  }
}

}  // namespace
}  // namespace convstudio
