// Issue 38: an image and its mask stay aligned under every augmentation and every fit to the
// input size, and nearest-neighbour resampling never invents a class. The image is a pattern of
// four unequal quadrants in pure colours whose classes are known, so after any move the image
// must show each region of the mask in its class's colour.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <set>
#include <vector>

#include <opencv2/core.hpp>

#include "convstudio/data/sample_set.h"
#include "data/augmenter.h"
#include "data/image_fitting.h"
#include "data/mask_reading.h"

namespace convstudio {
namespace {

constexpr int kSize = 32;
// The quadrants' colours (RGB) by class; padding is black and its mask kMaskIgnore.
constexpr std::array<std::array<int, 3>, 4> kColours = {
    {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 255, 255}}};
constexpr std::array<int, 3> kPadding = {0, 0, 0};

struct Sample {
  int width = kSize;
  int height = kSize;
  std::vector<std::uint8_t> image;  // planar RGB
  std::vector<std::uint8_t> mask;
};

// Quadrants split off-centre (at 11/32 across, 19/32 down), so any mirror or shift of one but
// not the other shows.
Sample quadrants(int width = kSize, int height = kSize) {
  Sample sample;
  sample.width = width;
  sample.height = height;
  const std::size_t plane = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  sample.image.resize(3 * plane);
  sample.mask.resize(plane);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const int label = (x * 32 >= 11 * width ? 1 : 0) + (y * 32 >= 19 * height ? 2 : 0);
      const std::size_t at = static_cast<std::size_t>(y) * width + x;
      sample.mask[at] = static_cast<std::uint8_t>(label);
      for (std::size_t c = 0; c < 3; ++c) {
        sample.image[c * plane + at] =
            static_cast<std::uint8_t>(kColours[static_cast<std::size_t>(label)][c]);
      }
    }
  }
  return sample;
}

int distance(const std::array<int, 3>& a, const std::array<int, 3>& b) {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

// Inside each region of the mask (a pixel whose eight neighbours carry its label), the image
// must show that region's colour: the nearest of the palette to the pixel is its class's (black
// for ignored padding). Edges are left out: the image is resampled bilinearly and the mask by
// nearest neighbour, so along a boundary they may differ by a pixel (more so where two
// augmentations resample in turn), while a mask moved apart from its image fails whole regions.
// Returns the pixels that do not match, and counts the pixels checked.
int misaligned(const Sample& sample, int& checked) {
  const std::size_t plane = sample.mask.size();
  const int width = sample.width;
  const int height = sample.height;
  int wrong = 0;
  checked = 0;
  for (int y = 1; y + 1 < height; ++y) {
    for (int x = 1; x + 1 < width; ++x) {
      const std::size_t at = static_cast<std::size_t>(y) * width + x;
      const std::uint8_t label = sample.mask[at];
      bool inside = true;
      for (int dy = -1; dy <= 1 && inside; ++dy) {
        for (int dx = -1; dx <= 1 && inside; ++dx) {
          inside = sample.mask[static_cast<std::size_t>(y + dy) * width + (x + dx)] == label;
        }
      }
      if (!inside) continue;
      const std::array<int, 3> pixel = {sample.image[at], sample.image[plane + at],
                                        sample.image[2 * plane + at]};
      int nearest = -1;  // padding
      int best = distance(pixel, kPadding);
      for (std::size_t c = 0; c < kColours.size(); ++c) {
        if (distance(pixel, kColours[c]) < best) {
          best = distance(pixel, kColours[c]);
          nearest = static_cast<int>(c);
        }
      }
      ++checked;
      const int expected = label == kMaskIgnore ? -1 : label;
      if (nearest != expected) ++wrong;
    }
  }
  return wrong;
}

Sample augmented(const Sample& source, const AugmentationOptions& options, std::uint64_t seed) {
  Sample out = source;
  Augmenter(options, 3, source.height, source.width)
      .apply(source.image.data(), out.image.data(), seed, source.mask.data(), out.mask.data());
  return out;
}

std::set<std::uint8_t> values_of(const std::vector<std::uint8_t>& mask) {
  return {mask.begin(), mask.end()};
}

struct NamedOptions {
  const char* name;
  AugmentationOptions options;
};

std::vector<NamedOptions> moving_augmentations() {
  std::vector<NamedOptions> all;
  AugmentationOptions flip;
  flip.hflip = true;
  all.push_back({"horizontal flip", flip});
  AugmentationOptions crop;
  crop.crop_padding = 6;
  all.push_back({"random crop with padding", crop});
  AugmentationOptions resized;
  resized.resized_crop = true;
  resized.crop_min_scale = 0.2f;
  all.push_back({"random resized crop", resized});
  AugmentationOptions rotation;
  rotation.rotation_degrees = 30.f;
  all.push_back({"rotation", rotation});
  AugmentationOptions together = rotation;
  together.hflip = true;
  together.crop_padding = 4;
  together.resized_crop = true;
  // Brightness and contrast would move the colours this test reads classes by; that they leave
  // the mask alone is the next test's.
  all.push_back({"all four at once", together});
  return all;
}

TEST(MaskAlignment, EveryAugmentationThatMovesPixelsMovesTheMaskAlike) {
  const Sample source = quadrants();
  for (const NamedOptions& augmentation : moving_augmentations()) {
    bool moved = false;
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
      const Sample out = augmented(source, augmentation.options, seed);
      int checked = 0;
      EXPECT_EQ(misaligned(out, checked), 0) << augmentation.name << ", seed " << seed;
      EXPECT_GT(checked, kSize * kSize / 3) << augmentation.name << ", seed " << seed;
      moved = moved || out.mask != source.mask;
    }
    EXPECT_TRUE(moved) << augmentation.name << " never moved the mask";
  }
}

TEST(MaskAlignment, ColourAugmentationsAndErasingLeaveTheMaskAlone) {
  const Sample source = quadrants();
  AugmentationOptions colour;
  colour.brightness = 0.5f;
  colour.contrast = 0.5f;
  colour.erasing = 1.f;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Sample out = augmented(source, colour, seed);
    EXPECT_NE(out.image, source.image) << "seed " << seed;
    EXPECT_EQ(out.mask, source.mask) << "seed " << seed;
  }
}

TEST(MaskAlignment, PaddingAroundAMovedImageIsIgnoredInItsMask) {
  const Sample source = quadrants();
  AugmentationOptions crop;
  crop.crop_padding = 8;
  bool padded = false;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Sample out = augmented(source, crop, seed);
    for (std::size_t at = 0; at < out.mask.size(); ++at) {
      const bool black = out.image[at] == 0 && out.image[out.mask.size() + at] == 0 &&
                         out.image[2 * out.mask.size() + at] == 0;
      EXPECT_EQ(black, out.mask[at] == kMaskIgnore) << "seed " << seed << ", pixel " << at;
      padded = padded || black;
    }
  }
  EXPECT_TRUE(padded);
}

TEST(MaskAlignment, FittingToTheInputSizeKeepsTheMaskOnItsImage) {
  for (const auto& [width, height] : {std::pair{48, 40}, std::pair{20, 36}, std::pair{70, 23}}) {
    const Sample source = quadrants(width, height);
    cv::Mat rgb(height, width, CV_8UC3);
    const std::size_t plane = static_cast<std::size_t>(width) * height;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        const std::size_t at = static_cast<std::size_t>(y) * width + x;
        rgb.at<cv::Vec3b>(y, x) = {source.image[at], source.image[plane + at],
                                   source.image[2 * plane + at]};
      }
    }
    const cv::Mat mask(height, width, CV_8UC1, const_cast<std::uint8_t*>(source.mask.data()));
    for (const FitMode fit : {FitMode::ResizeCrop, FitMode::Stretch, FitMode::Pad}) {
      Sample out;
      out.image.resize(3 * kSize * kSize);
      out.mask.resize(kSize * kSize);
      fit_image(rgb, false, 3, kSize, kSize, fit, out.image.data());
      fit_mask(mask, kSize, kSize, fit, out.mask.data());
      int checked = 0;
      EXPECT_EQ(misaligned(out, checked), 0) << width << "x" << height << ", " << to_string(fit);
      EXPECT_GT(checked, kSize * kSize / 3) << width << "x" << height << ", " << to_string(fit);
      const bool pads = fit == FitMode::Pad && width != height;
      EXPECT_EQ(values_of(out.mask).count(kMaskIgnore) > 0, pads)
          << width << "x" << height << ", " << to_string(fit);
    }
  }
}

// A mask holding classes 0, 3 and 7 only, in stripes and a diagonal, so resampling sees many
// edges between them: nothing but those values (and the ignore byte) may come out.
std::vector<std::uint8_t> sparse_classes(int width, int height) {
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(width) * height);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      mask[static_cast<std::size_t>(y) * width + x] =
          (x + y) % 7 < 2 ? 7 : ((x / 3) % 2 == 0 ? 0 : 3);
    }
  }
  return mask;
}

TEST(MaskAlignment, NearestNeighbourNeverInventsAClass) {
  const std::set<std::uint8_t> allowed = {0, 3, 7, kMaskIgnore};
  for (const auto& [width, height] : {std::pair{45, 29}, std::pair{13, 17}, std::pair{32, 32}}) {
    std::vector<std::uint8_t> source = sparse_classes(width, height);
    const cv::Mat mask(height, width, CV_8UC1, source.data());
    for (const FitMode fit : {FitMode::ResizeCrop, FitMode::Stretch, FitMode::Pad}) {
      std::vector<std::uint8_t> fitted(kSize * kSize);
      fit_mask(mask, kSize, kSize, fit, fitted.data());
      for (std::uint8_t value : values_of(fitted)) {
        EXPECT_TRUE(allowed.count(value)) << int(value) << " after " << to_string(fit);
      }
      std::vector<std::uint8_t> image(3 * kSize * kSize, 128);
      for (const NamedOptions& augmentation : moving_augmentations()) {
        for (std::uint64_t seed = 0; seed < 10; ++seed) {
          std::vector<std::uint8_t> out_image(image.size());
          std::vector<std::uint8_t> out_mask(fitted.size());
          Augmenter(augmentation.options, 3, kSize, kSize)
              .apply(image.data(), out_image.data(), seed, fitted.data(), out_mask.data());
          for (std::uint8_t value : values_of(out_mask)) {
            EXPECT_TRUE(allowed.count(value)) << int(value) << " after " << augmentation.name;
          }
        }
      }
    }
  }
}

TEST(MaskAlignment, TheImageAugmentsAsItDidWithoutAMask) {
  // Adding a mask must not change what the image gets: runs replay as they did before masks.
  const Sample source = quadrants();
  for (const NamedOptions& augmentation : moving_augmentations()) {
    for (std::uint64_t seed = 0; seed < 5; ++seed) {
      std::vector<std::uint8_t> alone(source.image.size());
      Augmenter(augmentation.options, 3, kSize, kSize)
          .apply(source.image.data(), alone.data(), seed);
      EXPECT_EQ(augmented(source, augmentation.options, seed).image, alone) << augmentation.name;
    }
  }
}

}  // namespace
}  // namespace convstudio
