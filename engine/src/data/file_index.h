#pragma once
// The files of an image-folder or CSV dataset: every image's path, class, byte size and
// modification time, found once by a scan and cached on disk (file_index_store.h), so a
// 100,000-image set does not need listing again until its folders change. Also what was learnt
// by reading some of the images: the normalisation statistics and the data's own shape.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "convstudio/data/class_colours.h"
#include "convstudio/model/dataset_settings.h"

namespace convstudio {

struct IndexedFile {
  std::string path;  // relative to FileIndex::root (or absolute, as a CSV row may give it)
  std::int32_t label = 0;
  bool validation = false;  // in the val/ folder of a train/val layout
  std::int64_t bytes = 0;
  std::int64_t modified_ns = 0;
  std::int64_t line = 0;  // the CSV row it came from; 0 for folders
  // Segmentation: the image's mask (relative to FileIndex::root, or absolute) and how many of
  // its pixels each class holds, at the mask's own size (ignored pixels are not counted).
  std::string mask;
  std::vector<std::int64_t> class_pixels;
};

// What tells whether a folder (or the CSV file) changed since the scan: its modification time
// and how many entries (bytes, for a file) it has.
struct FolderStamp {
  std::string path;
  std::int64_t modified_ns = 0;
  std::int64_t entries = 0;
};

// Mean and standard deviation per channel of a seeded sample of the images fitted to
// channels x height x width by `fit`.
struct SampledStatistics {
  int channels = 0;
  int height = 0;
  int width = 0;
  FitMode fit = FitMode::ResizeCrop;
  std::int64_t images = 0;
  std::vector<float> mean;
  std::vector<float> std;
};

// The shape the images have, from the headers of a seeded sample of them.
struct NativeShape {
  int channels = 0;  // 1 when every sampled image is grey, else 3; 0 when not yet known
  int height = 0;
  int width = 0;
  bool mixed_sizes = false;
  std::string note;  // e.g. "sizes from 32×32 to 160×160; the median is used"
};

struct FileIndex {
  static constexpr std::uint32_t kVersion = 3;  // 2: has_paths_outside; 3: masks

  DatasetKind kind = DatasetKind::ImageFolder;
  std::string source;  // the absolute folder or CSV file indexed
  std::string root;    // the folder file paths are relative to
  std::vector<std::string> class_names;
  std::vector<IndexedFile> files;  // training files, then validation files
  bool has_validation_folder = false;
  // Some CSV row names a file outside the CSV's folder (allowed by the dataset's
  // allow_paths_outside); such an index is reused only where that is still allowed.
  bool has_paths_outside = false;
  std::vector<FolderStamp> stamps;
  std::int64_t scanned_ns = 0;  // wall-clock time the scan started

  // Segmentation data: every file has a mask, read by the classes' colours (colour masks) with
  // `ignore_label` marking ignored pixels; the index serves only requests with that label.
  bool has_masks = false;
  std::vector<ClassColour> class_colours;  // one per class
  std::int64_t ignore_label = 255;

  std::vector<SampledStatistics> statistics;
  NativeShape native;

  std::string full_path(const IndexedFile& file) const;
  std::string full_mask_path(const IndexedFile& file) const;
  std::int64_t total_bytes() const;
};

// Progress of a scan: files found so far. Returning false cancels it.
using ScanProgress = std::function<bool(std::int64_t files_found)>;

// Whether every stamp still matches the disk: folder modification times and entry counts
// (listing names only, no per-file stat), the CSV file's time and size.
bool index_is_current(const FileIndex& index);

// Whether the index may be written to the cache: a folder modified within a second or two of
// the scan may change again within the same timestamp, so such an index is used but not kept.
bool index_is_stable(const FileIndex& index);

// Wall-clock nanoseconds, the unit of the stamps.
std::int64_t now_ns();
// -1 when `path` cannot be stat'ed; its size and st_mode too when asked.
std::int64_t modified_ns(const std::string& path, std::int64_t* size = nullptr,
                         unsigned* mode = nullptr);
std::int64_t count_entries(const std::string& folder);

}  // namespace convstudio
