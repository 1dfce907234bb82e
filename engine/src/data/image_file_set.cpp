#include "data/image_file_set.h"

namespace convstudio {

ImageFileSet::ImageFileSet(std::shared_ptr<const FileIndex> index,
                           std::vector<std::int64_t> members, const ImageTarget& target, bool cache)
    : SampleSet(target.channels, target.height, target.width),
      index_(std::move(index)),
      members_(std::move(members)),
      target_(target),
      states_(new std::atomic<std::uint8_t>[members_.size()]) {
  for (std::size_t i = 0; i < members_.size(); ++i) states_[i].store(kUnread);
  // new[] without value-initialisation: the pages are committed only when written.
  if (cache) cache_.reset(new std::uint8_t[members_.size() * slot_bytes()]);
  mask_classes_.count = index_->class_names.size();
  mask_classes_.colours = index_->class_colours;
  mask_classes_.ignore_label = index_->ignore_label;
}

const IndexedFile& ImageFileSet::file(std::int64_t index) const {
  return index_->files[static_cast<std::size_t>(members_[static_cast<std::size_t>(index)])];
}

std::uint8_t* ImageFileSet::cache_slot(std::int64_t index) const {
  return cache_.get() + static_cast<std::size_t>(index) * slot_bytes();
}

std::int64_t ImageFileSet::label(std::int64_t index) const {
  return file(index).label;
}

std::string ImageFileSet::source(std::int64_t index) const {
  return index_->full_path(file(index));
}

Error ImageFileSet::remember_failure(std::int64_t index, Error error, bool claimed) const {
  {
    std::lock_guard lock(failures_mutex_);
    failures_.emplace(index, error);
  }
  std::atomic<std::uint8_t>& state = states_[static_cast<std::size_t>(index)];
  if (claimed) {
    state.store(kFailed, std::memory_order_release);
  } else {
    std::uint8_t expected = kUnread;
    state.compare_exchange_strong(expected, kFailed, std::memory_order_acq_rel);
  }
  return error;
}

Result<const std::uint8_t*> ImageFileSet::fetch(std::int64_t index, std::uint8_t* scratch) const {
  std::atomic<std::uint8_t>& state = states_[static_cast<std::size_t>(index)];
  std::uint8_t seen = state.load(std::memory_order_acquire);
  if (seen == kCached) return static_cast<const std::uint8_t*>(cache_slot(index));
  if (seen == kFailed) {
    std::lock_guard lock(failures_mutex_);
    return failures_.at(index);
  }
  // The first reader of an image fills its cache slot; anyone reading it meanwhile (a new
  // epoch started while the last one's batches were in flight) decodes into their own scratch.
  std::uint8_t* target = scratch;
  bool claimed = false;
  if (cache_ && seen == kUnread &&
      state.compare_exchange_strong(seen, kFilling, std::memory_order_acq_rel)) {
    target = cache_slot(index);
    claimed = true;
  }
  if (auto error = read_image_file(source(index), target_, target)) {
    return remember_failure(index, std::move(*error), claimed);
  }
  // A cached sample holds its mask too, so the slot is whole before it is marked cached.
  if (claimed && has_masks()) {
    if (auto error = read_mask(index, target + image_bytes())) {
      return remember_failure(index, std::move(*error), claimed);
    }
  }
  if (claimed) {
    state.store(kCached, std::memory_order_release);
    ++cached_count_;
  }
  return static_cast<const std::uint8_t*>(target);
}

std::optional<Error> ImageFileSet::read_mask(std::int64_t index, std::uint8_t* plane) const {
  return read_mask_file(index_->full_mask_path(file(index)), mask_classes_, target_, plane);
}

Result<const std::uint8_t*> ImageFileSet::fetch_mask(std::int64_t index,
                                                     std::uint8_t* scratch) const {
  if (!has_masks()) return SampleSet::fetch_mask(index, scratch);
  const std::uint8_t seen =
      states_[static_cast<std::size_t>(index)].load(std::memory_order_acquire);
  if (seen == kCached) return static_cast<const std::uint8_t*>(cache_slot(index) + image_bytes());
  if (seen == kFailed) {
    std::lock_guard lock(failures_mutex_);
    return failures_.at(index);
  }
  // Not cached (yet): read now. The mask decodes alike whoever reads it, so a cache slot filled
  // meanwhile holds the same bytes.
  if (auto error = read_mask(index, scratch))
    return remember_failure(index, std::move(*error), false);
  return static_cast<const std::uint8_t*>(scratch);
}

}  // namespace convstudio
