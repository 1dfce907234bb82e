#pragma once
// A SampleSet whose images are all in memory already (IDX data, tests): fetch() is a pointer.

#include <memory>
#include <utility>

#include "convstudio/data/image_set.h"
#include "convstudio/data/sample_set.h"

namespace convstudio {

class InMemorySampleSet : public SampleSet {
 public:
  explicit InMemorySampleSet(std::shared_ptr<const ImageSet> images)
      : SampleSet(images->channels, images->height, images->width), images_(std::move(images)) {}
  explicit InMemorySampleSet(ImageSet images)
      : InMemorySampleSet(std::make_shared<const ImageSet>(std::move(images))) {}

  std::int64_t size() const override { return images_->size(); }
  std::int64_t label(std::int64_t index) const override {
    return images_->labels[static_cast<std::size_t>(index)];
  }
  std::string source(std::int64_t) const override { return {}; }
  bool held_in_memory() const override { return true; }
  Result<const std::uint8_t*> fetch(std::int64_t index, std::uint8_t*) const override {
    return images_->image(index);
  }
  bool has_masks() const override { return !images_->masks.empty(); }
  Result<const std::uint8_t*> fetch_mask(std::int64_t index, std::uint8_t* scratch) const override {
    if (!has_masks()) return SampleSet::fetch_mask(index, scratch);
    return images_->mask(index);
  }
  const ImageSet& images() const { return *images_; }

 private:
  std::shared_ptr<const ImageSet> images_;
};

}  // namespace convstudio
