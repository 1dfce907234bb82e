#include "data/augmenter.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "convstudio/data/sample_set.h"
#include "data/random_erasing.h"
#include "data/random_resized_crop.h"
#include "data/seeded_random.h"

namespace convstudio {
namespace {

using Affine = cv::Matx33d;

std::uint8_t saturate(double value) {
  return static_cast<std::uint8_t>(std::clamp(std::lround(value), 0l, 255l));
}

}  // namespace

Augmenter::Augmenter(const AugmentationOptions& options, int channels, int height, int width)
    : options_(options), channels_(channels), height_(height), width_(width) {}

std::uint64_t Augmenter::sample_seed(std::uint64_t run_seed, std::int64_t epoch,
                                     std::int64_t index) {
  constexpr std::uint64_t kAugmentTag = 0x4155474Dull;  // "AUGM"
  return SeededRandom::mix({run_seed, kAugmentTag, static_cast<std::uint64_t>(epoch),
                            static_cast<std::uint64_t>(index)});
}

void Augmenter::apply(const std::uint8_t* source, std::uint8_t* destination, std::uint64_t seed,
                      const std::uint8_t* mask, std::uint8_t* mask_destination) const {
  const bool masked = mask != nullptr && mask_destination != nullptr;
  // The resized crop comes first, from a stream of its own: it draws a varying number of
  // values, and the draws below stay what they were before it existed.
  std::vector<std::uint8_t> cropped;
  std::vector<std::uint8_t> cropped_mask;
  if (options_.resized_crop) {
    constexpr std::uint64_t kCropTag = 0x5252434Full;  // "RRCO"
    SeededRandom crop_random(SeededRandom::mix({seed, kCropTag}));
    const CropBox box = random_resized_crop_box(width_, height_, options_, crop_random);
    cropped.resize(static_cast<std::size_t>(channels_) * static_cast<std::size_t>(height_) *
                   static_cast<std::size_t>(width_));
    resized_crop(source, cropped.data(), channels_, height_, width_, box);
    source = cropped.data();
    if (masked) {
      cropped_mask.resize(static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_));
      resized_crop(mask, cropped_mask.data(), 1, height_, width_, box, true);
      mask = cropped_mask.data();
    }
  }

  // Draw every value in a fixed order whatever is enabled, so a sample's draws do not depend on
  // which other options are on.
  SeededRandom random(seed);
  const int padding = std::max(0, options_.crop_padding);
  const auto span = static_cast<std::uint64_t>(2 * padding + 1);
  Motion motion;
  motion.shift_x = static_cast<double>(random.below(span)) - padding;
  motion.shift_y = static_cast<double>(random.below(span)) - padding;
  motion.flip = random.coin() && options_.hflip;
  motion.angle = random.uniform(-1.0, 1.0) * options_.rotation_degrees;
  motion.dx = static_cast<int>(motion.shift_x);
  motion.dy = static_cast<int>(motion.shift_y);
  const double brightness = 1.0 + random.uniform(-1.0, 1.0) * options_.brightness;
  const double contrast = 1.0 + random.uniform(-1.0, 1.0) * options_.contrast;

  move(source, destination, channels_, motion, 0, false);
  if (masked) move(mask, mask_destination, 1, motion, kMaskIgnore, true);
  if (brightness != 1.0 || contrast != 1.0) {
    adjust_brightness_contrast(destination, brightness, contrast);
  }
  // Erasing comes last, as in torchvision's pipelines, from a stream of its own like the crop's.
  // It hides pixels of the image only: the mask still says what lies under the noise.
  if (options_.erasing > 0.f) {
    SeededRandom erase_random = erasing_random(seed);
    const EraseBox box = random_erasing_box(width_, height_, options_.erasing, erase_random);
    if (box.width > 0) erase_box(destination, channels_, height_, width_, box, erase_random);
  }
}

void Augmenter::move(const std::uint8_t* source, std::uint8_t* destination, int planes,
                     const Motion& motion, std::uint8_t fill, bool nearest) const {
  const std::size_t plane = static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_);
  const bool geometric = motion.dx != 0 || motion.dy != 0 || motion.flip || motion.angle != 0;
  if (!geometric) {
    std::memcpy(destination, source, plane * static_cast<std::size_t>(planes));
    return;
  }
  if (motion.angle == 0) {
    shift_and_flip(source, destination, planes, fill, motion.dx, motion.dy, motion.flip);
    return;
  }
  // Flip, then rotate about the centre, then shift (the crop of the zero-padded image): one
  // composed matrix, so each plane is resampled once.
  const double cx = (width_ - 1) / 2.0;
  const double cy = (height_ - 1) / 2.0;
  const Affine mirror = motion.flip ? Affine(-1, 0, width_ - 1, 0, 1, 0, 0, 0, 1) : Affine::eye();
  const cv::Mat r = cv::getRotationMatrix2D(
      cv::Point2f(static_cast<float>(cx), static_cast<float>(cy)), motion.angle, 1.0);
  const Affine rotate(r.at<double>(0, 0), r.at<double>(0, 1), r.at<double>(0, 2),
                      r.at<double>(1, 0), r.at<double>(1, 1), r.at<double>(1, 2), 0, 0, 1);
  const Affine shift(1, 0, motion.shift_x, 0, 1, motion.shift_y, 0, 0, 1);
  const Affine full = shift * rotate * mirror;
  const cv::Matx23d forward(full(0, 0), full(0, 1), full(0, 2), full(1, 0), full(1, 1), full(1, 2));
  for (int c = 0; c < planes; ++c) {
    const cv::Mat in(height_, width_, CV_8UC1,
                     const_cast<std::uint8_t*>(source) + static_cast<std::size_t>(c) * plane);
    cv::Mat out(height_, width_, CV_8UC1, destination + static_cast<std::size_t>(c) * plane);
    cv::warpAffine(in, out, forward, out.size(), nearest ? cv::INTER_NEAREST : cv::INTER_LINEAR,
                   cv::BORDER_CONSTANT, cv::Scalar(fill));
  }
}

// Whole-pixel shifts and mirroring need no resampling: copying rows is several times faster
// than warpAffine on small images, and crop + flip is the most common augmentation.
void Augmenter::shift_and_flip(const std::uint8_t* source, std::uint8_t* destination, int planes,
                               std::uint8_t fill, int dx, int dy, bool flip) const {
  const std::size_t plane = static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_);
  std::memset(destination, fill, plane * static_cast<std::size_t>(planes));
  // Destination columns [x0, x1) come from source columns x - dx (mirrored first when flipping).
  const int x0 = std::max(0, dx);
  const int x1 = std::min(width_, width_ + dx);
  for (int c = 0; c < planes; ++c) {
    const std::uint8_t* in = source + static_cast<std::size_t>(c) * plane;
    std::uint8_t* out = destination + static_cast<std::size_t>(c) * plane;
    for (int y = std::max(0, dy); y < std::min(height_, height_ + dy); ++y) {
      const std::uint8_t* row = in + static_cast<std::size_t>(y - dy) * width_;
      std::uint8_t* target = out + static_cast<std::size_t>(y) * width_;
      if (flip) {
        for (int x = x0; x < x1; ++x) target[x] = row[width_ - 1 - (x - dx)];
      } else {
        std::memcpy(target + x0, row + (x0 - dx), static_cast<std::size_t>(x1 - x0));
      }
    }
  }
}

// As torchvision's ColorJitter: brightness scales the pixels; contrast blends them with the
// mean grey level of the (brightened) image. Both through one 256-entry table.
void Augmenter::adjust_brightness_contrast(std::uint8_t* image, double brightness,
                                           double contrast) const {
  std::array<std::uint8_t, 256> brightened{};
  for (int v = 0; v < 256; ++v) brightened[static_cast<std::size_t>(v)] = saturate(v * brightness);

  const std::size_t plane = static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_);
  const std::size_t total = plane * static_cast<std::size_t>(channels_);
  double mean = 0;
  if (contrast != 1.0) {
    // Grey as ITU-R 601 luma, which is what torchvision's rgb_to_grayscale uses.
    const std::array<double, 3> weights = {0.299, 0.587, 0.114};
    for (int c = 0; c < channels_; ++c) {
      std::uint64_t sum = 0;
      const std::uint8_t* p = image + static_cast<std::size_t>(c) * plane;
      for (std::size_t k = 0; k < plane; ++k) sum += brightened[p[k]];
      const double weight = channels_ == 3 ? weights[static_cast<std::size_t>(c)] : 1.0 / channels_;
      mean += weight * static_cast<double>(sum) / static_cast<double>(plane);
    }
  }
  std::array<std::uint8_t, 256> table{};
  for (int v = 0; v < 256; ++v) {
    const double b = brightened[static_cast<std::size_t>(v)];
    table[static_cast<std::size_t>(v)] = saturate(contrast * b + (1.0 - contrast) * mean);
  }
  for (std::size_t k = 0; k < total; ++k) image[k] = table[image[k]];
}

}  // namespace convstudio
