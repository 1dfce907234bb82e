#include "data/formats/shared/mask_pairs.h"

#include <algorithm>
#include <atomic>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "convstudio/data/sample_set.h"
#include "data/image_decoder.h"
#include "data/mask_reading.h"
#include "data/parallel_range.h"

namespace convstudio::formats {
namespace {

std::string pixel_size(std::int64_t width, std::int64_t height) {
  return std::to_string(width) + "\u00d7" + std::to_string(height);
}

// One mask read, checked against its image and counted: every value below kMaskIgnore counted.
std::optional<Error> read_one(const FileIndex& index, IndexedFile& file,
                              const MaskClasses& classes) {
  const std::string mask_path = index.full_mask_path(file);
  cv::Mat plane;
  if (auto error = decode_mask(mask_path, classes, plane)) {
    error->message += listed_at(index, file);
    return error;
  }
  ImageHeader header;
  const std::string image_path = index.full_path(file);
  if (auto error = read_image_header(image_path, header)) {
    error->message += listed_at(index, file);
    return error;
  }
  if (header.width != plane.cols || header.height != plane.rows) {
    return Error::in_file(mask_path, "mask is " + pixel_size(plane.cols, plane.rows) +
                                         " pixels but its image " + image_path + " is " +
                                         pixel_size(header.width, header.height) +
                                         listed_at(index, file));
  }
  file.class_pixels.assign(kMaskIgnore, 0);
  for (int y = 0; y < plane.rows; ++y) {
    const std::uint8_t* row = plane.ptr<std::uint8_t>(y);
    for (int x = 0; x < plane.cols; ++x) {
      if (row[x] != kMaskIgnore) ++file.class_pixels[row[x]];
    }
  }
  return std::nullopt;
}

}  // namespace

std::string listed_at(const FileIndex& index, const IndexedFile& file) {
  if (file.line <= 0) return {};
  return " (row " + std::to_string(file.line) + " of " + index.source + ")";
}

std::optional<Error> read_masks(FileIndex& index, const std::optional<ClassList>& classes,
                                std::int64_t ignore_label, const ScanProgress& progress) {
  MaskClasses mask_classes;
  mask_classes.ignore_label = ignore_label;
  if (classes) {
    mask_classes.count = classes->names.size();
    mask_classes.colours = classes->colours;
  }
  const auto count = static_cast<std::int64_t>(index.files.size());
  std::vector<std::optional<Error>> problems(index.files.size());
  std::atomic<bool> failed{false};
  // Threads each take a block of files; the first bad file of all, in file order, is reported.
  parallel_range(
      count,
      [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t i = begin; i < end && !failed.load(); ++i) {
          const auto at = static_cast<std::size_t>(i);
          problems[at] = read_one(index, index.files[at], mask_classes);
          if (problems[at]) failed = true;
        }
      },
      16);
  for (std::optional<Error>& problem : problems) {
    if (problem) return std::move(*problem);
  }
  if (progress && !progress(count)) return Error::in_file(index.source, "scan cancelled");

  std::size_t classes_found = 1;
  for (const IndexedFile& file : index.files) {
    for (std::size_t c = file.class_pixels.size(); c > classes_found; --c) {
      if (file.class_pixels[c - 1] > 0) {
        classes_found = c;
        break;
      }
    }
  }
  const std::size_t class_count = classes ? classes->names.size() : classes_found;
  index.class_names.clear();
  index.class_colours.clear();
  for (std::size_t c = 0; c < class_count; ++c) {
    index.class_names.push_back(classes ? classes->names[c] : numbered_class_name(c));
    index.class_colours.push_back(classes ? classes->colours[c]
                                          : default_class_colour(static_cast<std::int64_t>(c)));
  }
  for (IndexedFile& file : index.files) {
    file.class_pixels.resize(class_count);
    file.label = 0;
  }
  index.has_masks = true;
  index.ignore_label = ignore_label;
  return std::nullopt;
}

}  // namespace convstudio::formats
