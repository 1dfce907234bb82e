#pragma once
// What a data set holds, before anything trains on it: images per class in the training and
// validation splits (the split training makes, from the same request), the sizes of the images
// and how many are grey, and a warning when one class outnumbers another more than 10:1. The
// dataset panel draws it; `convstudio-cli inspect-data` prints it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "convstudio/data/dataset.h"
#include "convstudio/result.h"

namespace convstudio {

// Above this ratio of the largest training class to the smallest, the data is called imbalanced.
inline constexpr double kImbalanceRatio = 10.0;
// Image headers read for the sizes: a seeded sample of a bigger set.
inline constexpr std::int64_t kSizeSample = 5000;
// Sizes listed as the most common ones.
inline constexpr std::size_t kCommonSizes = 5;

struct ImageSizeCount {
  std::int64_t width = 0;
  std::int64_t height = 0;
  std::int64_t images = 0;
};

// Of the images whose headers were read (every one, or a sample of kSizeSample).
struct ImageSizeStatistics {
  std::int64_t images = 0;                  // images in the data set
  std::int64_t examined = 0;                // headers read (or images held in memory)
  std::int64_t unreadable = 0;              // of those examined, files without a readable header
  ImageSizeCount smallest;                  // by pixels
  ImageSizeCount median;                    // median width, median height
  ImageSizeCount largest;                   // by pixels
  std::vector<ImageSizeCount> most_common;  // at most kCommonSizes, most frequent first
  std::int64_t grey = 0;                    // stored as one grey channel
  std::int64_t colour = 0;
};

// The training split's largest and smallest classes, when their ratio is above kImbalanceRatio
// (or the smallest has no image at all). `ratio` is infinite then.
struct ClassImbalance {
  std::size_t largest = 0;  // class index
  std::size_t smallest = 0;
  std::int64_t largest_images = 0;
  std::int64_t smallest_images = 0;
  double ratio = 0;
};

struct DatasetStatistics {
  std::string path;  // the folder or file read
  std::vector<std::string> class_names;
  std::vector<std::int64_t> train_counts;  // per class (segmentation: images showing it)
  std::vector<std::int64_t> validation_counts;
  // Segmentation data: pixels per class in each split (masks at their own sizes, ignored pixels
  // left out); empty for classification data.
  std::vector<std::int64_t> train_pixels;
  std::vector<std::int64_t> validation_pixels;
  std::vector<ClassColour> class_colours;  // segmentation data: one per class
  bool validation_is_test_set = false;     // false: a seeded share of the training images
  ImageSizeStatistics sizes;
  std::optional<ClassImbalance> imbalance;
};

// The rule: the largest of `counts` against the smallest, nullopt at or below kImbalanceRatio.
std::optional<ClassImbalance> class_imbalance(const std::vector<std::int64_t>& counts);

// The statistics of a data set already loaded (the preview's): images held in memory count at
// the shape they were converted to, image files at their own.
DatasetStatistics dataset_statistics(const Dataset& dataset);

// Reads the data set as training would (its index is scanned or reused; nothing is decoded) and
// counts it. `request`'s input shape is ignored: the sizes are the files' own.
Result<DatasetStatistics> dataset_statistics(const DatasetRequest& request,
                                             const DatasetObserver& observer = {});

// A class's share of the pixels in `pixels` (0 to 1; 0 when there are none).
double pixel_share(const std::vector<std::int64_t>& pixels, std::size_t index);

// For `inspect-data --json`: class names with their counts (and pixel shares, for segmentation
// data), sizes, grey share, the imbalance.
nlohmann::ordered_json dataset_statistics_json(const DatasetStatistics& statistics);

}  // namespace convstudio
