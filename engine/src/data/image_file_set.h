#pragma once
// A SampleSet of image files: each fetch() reads, decodes and fits the file (image_decoder.h),
// so memory does not grow with the set. With the decoded cache on, the fitted bytes of each
// image are kept after its first read, in one buffer the operating system commits page by page
// as it fills: later epochs read memory, and the first one costs what streaming costs.
// A file that cannot be read is remembered, so later epochs skip it without reading it again.
// A segmentation index's files each have a mask, fitted alike by nearest neighbour and cached in
// the same slot after the image's bytes.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

#include "convstudio/data/sample_set.h"
#include "data/file_index.h"
#include "data/image_decoder.h"
#include "data/mask_reading.h"

namespace convstudio {

class ImageFileSet : public SampleSet {
 public:
  // The files of `index` at positions `members`, fitted to `target`. `cache` allocates the
  // decoded cache (size() x image_bytes(); throws std::bad_alloc when that is impossible).
  ImageFileSet(std::shared_ptr<const FileIndex> index, std::vector<std::int64_t> members,
               const ImageTarget& target, bool cache);

  std::int64_t size() const override { return static_cast<std::int64_t>(members_.size()); }
  std::int64_t label(std::int64_t index) const override;
  std::string source(std::int64_t index) const override;
  Result<const std::uint8_t*> fetch(std::int64_t index, std::uint8_t* scratch) const override;
  bool has_masks() const override { return index_->has_masks; }
  std::int64_t ignore_label() const override { return index_->ignore_label; }
  Result<const std::uint8_t*> fetch_mask(std::int64_t index, std::uint8_t* scratch) const override;

  bool cached() const { return cache_ != nullptr; }
  // Samples decoded into the cache so far.
  std::int64_t cached_count() const { return cached_count_.load(); }

 private:
  enum State : std::uint8_t { kUnread, kFilling, kCached, kFailed };
  const IndexedFile& file(std::int64_t index) const;
  std::uint8_t* cache_slot(std::int64_t index) const;
  std::size_t slot_bytes() const { return image_bytes() + (has_masks() ? mask_bytes() : 0); }
  std::optional<Error> read_mask(std::int64_t index, std::uint8_t* plane) const;
  Error remember_failure(std::int64_t index, Error error, bool claimed) const;

  std::shared_ptr<const FileIndex> index_;
  std::vector<std::int64_t> members_;
  ImageTarget target_;
  MaskClasses mask_classes_;
  std::unique_ptr<std::atomic<std::uint8_t>[]> states_;
  std::unique_ptr<std::uint8_t[]> cache_;
  mutable std::atomic<std::int64_t> cached_count_{0};
  mutable std::mutex failures_mutex_;
  mutable std::unordered_map<std::int64_t, Error> failures_;
};

}  // namespace convstudio
