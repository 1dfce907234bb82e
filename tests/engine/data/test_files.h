#pragma once
// Small datasets written by the tests themselves: IDX files (raw or gzipped), PNG class
// folders, and in-memory image sets whose pixels say which sample they are.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "convstudio/data/dataset.h"
#include "convstudio/data/image_set.h"
#include "convstudio/data/sample_set.h"

namespace convstudio::testing {

// A fresh folder under the system temporary folder, removed with everything in it.
class TempFolder {
 public:
  TempFolder();
  ~TempFolder();
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

void write_file(const std::string& path, const std::vector<std::uint8_t>& bytes, bool gzip);
void write_text(const std::filesystem::path& file, const std::string& text);

// A CSV data set's request: 3×4×4 images, a quarter held out for validation.
DatasetRequest csv_request(const std::filesystem::path& csv);

// IDX bytes: magic, sizes, then the data.
std::vector<std::uint8_t> idx_images(std::uint32_t count, std::uint32_t rows, std::uint32_t cols,
                                     std::uint32_t magic = 0x00000803);
std::vector<std::uint8_t> idx_labels(const std::vector<std::uint8_t>& labels,
                                     std::uint32_t magic = 0x00000801);

// Pixel value of image `index` at byte `k` in idx_images(): distinct across images.
std::uint8_t idx_pixel(std::uint32_t index, std::uint32_t k);

// Writes train-*/t10k-* IDX pairs with `train` and `test` images of rows x cols, labels
// index % classes.
void write_idx_dataset(const std::filesystem::path& folder, std::uint32_t train, std::uint32_t test,
                       std::uint32_t rows, std::uint32_t cols, std::uint8_t classes, bool gzip);

// Images whose first two bytes hold index % 256 and index / 256, so a test can tell which
// sample landed where; label index % classes.
ImageSet numbered_images(std::int64_t count, int channels, int height, int width, int classes);
std::int64_t image_number(const std::uint8_t* pixels);

// The images of an in-memory split (IDX data); fails the test when the split reads files.
const ImageSet& in_memory(const SampleSet& set);

// Sample `index` of `set` as planar bytes; fails the test when it cannot be read.
std::vector<std::uint8_t> pixels_of(const SampleSet& set, std::int64_t index);

// Writes a grey PNG of width x height zeros, deflated as it goes: a few hundred kilobytes on
// disk that would decode to width * height bytes (a decompression bomb).
void write_png_bomb(const std::string& path, std::uint32_t width, std::uint32_t height);

// Writes a solid-colour PNG (BGR order, as cv::imwrite takes it).
void write_png(const std::string& path, int height, int width, int blue, int green, int red);

}  // namespace convstudio::testing
