#pragma once
// What a loaded dataset is, for the GUI's dataset panel and the CLI's summary: counts, class
// names, input shape, normalisation statistics, how its images are read, and the warnings met
// while loading.

#include <cstdint>
#include <string>
#include <vector>

#include "convstudio/data/class_colours.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/error.h"

namespace convstudio {

// The shape every image is fitted to before the model sees it.
struct DatasetInputShape {
  int channels = 0;
  int height = 0;
  int width = 0;
  FitMode fit = FitMode::ResizeCrop;  // how images of another size were fitted to height x width
};

// Per channel, of pixel / 255 over the training split; the loader normalises with these and a
// checkpoint keeps them, so they travel together with the count they came from.
struct NormalisationStatistics {
  std::vector<float> mean;
  std::vector<float> std;
  // Images the statistics were computed from: every training image for IDX data, a seeded
  // sample of at most kStatisticsSample images for image files. 0 when not computed.
  std::int64_t images = 0;
};

// How an image-file data set is read: per batch (streaming) unless held in the decoded cache,
// and whether its file index was cached. Only image-file readers fill it; IDX data leaves it
// at its defaults.
struct ImageFileReading {
  bool from_files = false;
  bool cached = false;             // decoded images are kept in memory after their first use
  std::int64_t decoded_bytes = 0;  // what caching the whole set takes, fitted to the input size
  std::int64_t cache_budget = 0;   // the budget it was compared with (CacheMode::Auto)
  std::string index_file;          // where the file index is cached; empty when not written
  bool index_reused = false;       // the cached index was still current; nothing was rescanned
  std::int64_t files_on_disk_bytes = 0;
};

// The facts every reader reports are at the top; the ones that belong to one concern (the input
// shape, the statistics, reading image files) are grouped.
struct DatasetInfo {
  DatasetKind kind = DatasetKind::FashionMnist;
  std::string path;  // the folder (or CSV file) actually read

  std::int64_t train_count = 0;
  std::int64_t validation_count = 0;
  bool validation_is_test_set = false;  // false: a seeded fraction of the training data

  std::vector<std::string> class_names;
  // Images per class in the training split; for segmentation data (`masks`), pixels per class
  // (at the masks' own sizes, ignored pixels left out), which class weights want alike.
  std::vector<std::int64_t> train_class_counts;
  // Segmentation data: every image has a mask; the classes' colours (the classes file's, else
  // default_class_colour) for previews and overlays; the label of ignored pixels.
  bool masks = false;
  std::vector<ClassColour> class_colours;
  std::int64_t ignore_label = 255;
  std::vector<std::int64_t> validation_class_pixels;  // pixels per class in the validation split
  std::vector<std::int64_t> train_class_images;       // images showing each class, training split
  std::vector<std::int64_t> validation_class_images;
  // What the data is, as 16 hex digits (data_fingerprint.h): a run records it, and a resumed run
  // that finds another one says so.
  std::string fingerprint;

  DatasetInputShape input;
  NormalisationStatistics normalisation;
  ImageFileReading reading;

  std::int64_t skipped_files = 0;  // unreadable or corrupt images left out
  std::vector<Error> warnings;     // the first few skipped files, and other non-fatal problems
};

// Images decoded to estimate the normalisation statistics of an image-file dataset.
inline constexpr std::int64_t kStatisticsSample = 1000;

}  // namespace convstudio
