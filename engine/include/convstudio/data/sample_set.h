#pragma once
// One split of a dataset: labelled images, each read as planar C x H x W bytes at the input
// size. Held in memory (IDX data) or read from image files when asked (image folders and CSV
// lists, optionally kept in a decoded cache), so a loader never needs the whole set decoded.
// A segmentation set also holds one mask per image: an H x W plane of class indices at the
// same input size, where kMaskIgnore marks pixels no loss or metric counts.

#include <cstddef>
#include <cstdint>
#include <string>

#include "convstudio/result.h"

namespace convstudio {

// The byte a mask plane holds for an ignored pixel, whatever the data set's ignore label is
// (the loader writes that label into the targets): masks hold at most 255 classes.
inline constexpr std::uint8_t kMaskIgnore = 255;

class SampleSet {
 public:
  virtual ~SampleSet() = default;
  SampleSet(const SampleSet&) = delete;
  SampleSet& operator=(const SampleSet&) = delete;

  int channels() const { return channels_; }
  int height() const { return height_; }
  int width() const { return width_; }
  std::size_t image_bytes() const {
    return static_cast<std::size_t>(channels_) * static_cast<std::size_t>(height_) *
           static_cast<std::size_t>(width_);
  }

  virtual std::int64_t size() const = 0;
  virtual std::int64_t label(std::int64_t index) const = 0;
  // Where sample `index` comes from, for messages: its file, or "" for data held in memory.
  virtual std::string source(std::int64_t index) const = 0;
  // True when fetch() only points into memory (no file reads, no decoding): such a set needs
  // no loader thread of its own to keep training fed.
  virtual bool held_in_memory() const { return false; }

  // The pixels of sample `index`: a pointer into memory the set owns, or `scratch` (at least
  // image_bytes() long) filled with them. A file that cannot be read comes back as an error
  // naming it; nothing is thrown. Safe to call from many threads at once.
  virtual Result<const std::uint8_t*> fetch(std::int64_t index, std::uint8_t* scratch) const = 0;

  // Segmentation: whether every sample has a mask, and the label ignored pixels carry in the
  // targets (DatasetSettings::ignore_label).
  virtual bool has_masks() const { return false; }
  virtual std::int64_t ignore_label() const { return 255; }
  std::size_t mask_bytes() const {
    return static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_);
  }
  // The mask of sample `index` (height x width class indices, kMaskIgnore for ignored pixels),
  // fitted exactly as fetch() fits its image: a pointer into memory the set owns, or `scratch`
  // (at least mask_bytes() long) filled with it. An error for a set without masks.
  virtual Result<const std::uint8_t*> fetch_mask(std::int64_t index, std::uint8_t* scratch) const;

 protected:
  SampleSet(int channels, int height, int width)
      : channels_(channels), height_(height), width_(width) {}

 private:
  int channels_;
  int height_;
  int width_;
};

}  // namespace convstudio
