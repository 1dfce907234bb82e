#pragma once
// Random changes applied to each training image, so the model sees a slightly different picture
// every epoch. All default to off.

namespace convstudio {

struct AugmentationOptions {
  int crop_padding = 0;          // pad by this many zero pixels, then crop back at a random place
  bool hflip = false;            // mirror left-right with probability 1/2
  float rotation_degrees = 0.f;  // rotate by a uniform angle in [-d, d]
  float brightness = 0.f;        // multiply by a factor in [1 - b, 1 + b]
  float contrast = 0.f;          // scale the distance from the mean by a factor in [1 - c, 1 + c]
  // Cut a random region (area share in [min_scale, max_scale], aspect ratio in
  // [min_ratio, max_ratio], log-uniform) and scale it back to the full size: torchvision's
  // RandomResizedCrop, applied to the image already fitted to the input size.
  bool resized_crop = false;
  float crop_min_scale = 0.08f;
  float crop_max_scale = 1.0f;
  float crop_min_ratio = 3.f / 4.f;
  float crop_max_ratio = 4.f / 3.f;
  // With this probability, fill a random rectangle (area share in [0.02, 0.33], aspect ratio in
  // [0.3, 3.3], log-uniform; torchvision's RandomErasing defaults) with uniform noise, last of all.
  float erasing = 0.f;

  bool enabled() const {
    return crop_padding > 0 || hflip || rotation_degrees > 0.f || brightness > 0.f ||
           contrast > 0.f || resized_crop || erasing > 0.f;
  }
};

}  // namespace convstudio
