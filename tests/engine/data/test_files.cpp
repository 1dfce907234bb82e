#include "test_files.h"

#include <zlib.h>

#include <fstream>
#include <random>
#include <stdexcept>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

namespace convstudio::testing {
namespace fs = std::filesystem;

namespace {

void append_u32(std::vector<std::uint8_t>& bytes, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) {
    bytes.push_back(static_cast<std::uint8_t>(value >> shift));
  }
}

}  // namespace

TempFolder::TempFolder() {
  std::random_device entropy;
  path_ = fs::temp_directory_path() / ("convstudio-data-test-" + std::to_string(entropy()));
  fs::create_directories(path_);
}

TempFolder::~TempFolder() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

void write_file(const std::string& path, const std::vector<std::uint8_t>& bytes, bool gzip) {
  if (gzip) {
    gzFile file = gzopen(path.c_str(), "wb");
    if (file == nullptr) throw std::runtime_error("cannot write " + path);
    gzwrite(file, bytes.data(), static_cast<unsigned>(bytes.size()));
    gzclose(file);
    return;
  }
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

std::uint8_t idx_pixel(std::uint32_t index, std::uint32_t k) {
  return static_cast<std::uint8_t>((index * 7 + k * 3) % 256);
}

std::vector<std::uint8_t> idx_images(std::uint32_t count, std::uint32_t rows, std::uint32_t cols,
                                     std::uint32_t magic) {
  std::vector<std::uint8_t> bytes;
  append_u32(bytes, magic);
  append_u32(bytes, count);
  append_u32(bytes, rows);
  append_u32(bytes, cols);
  for (std::uint32_t i = 0; i < count; ++i) {
    for (std::uint32_t k = 0; k < rows * cols; ++k) bytes.push_back(idx_pixel(i, k));
  }
  return bytes;
}

std::vector<std::uint8_t> idx_labels(const std::vector<std::uint8_t>& labels, std::uint32_t magic) {
  std::vector<std::uint8_t> bytes;
  append_u32(bytes, magic);
  append_u32(bytes, static_cast<std::uint32_t>(labels.size()));
  bytes.insert(bytes.end(), labels.begin(), labels.end());
  return bytes;
}

void write_idx_dataset(const fs::path& folder, std::uint32_t train, std::uint32_t test,
                       std::uint32_t rows, std::uint32_t cols, std::uint8_t classes, bool gzip) {
  const std::string ext = gzip ? ".gz" : "";
  auto labels = [&](std::uint32_t count) {
    std::vector<std::uint8_t> values;
    for (std::uint32_t i = 0; i < count; ++i)
      values.push_back(static_cast<std::uint8_t>(i % classes));
    return values;
  };
  write_file((folder / ("train-images-idx3-ubyte" + ext)).string(), idx_images(train, rows, cols),
             gzip);
  write_file((folder / ("train-labels-idx1-ubyte" + ext)).string(), idx_labels(labels(train)),
             gzip);
  if (test > 0) {
    write_file((folder / ("t10k-images-idx3-ubyte" + ext)).string(), idx_images(test, rows, cols),
               gzip);
    write_file((folder / ("t10k-labels-idx1-ubyte" + ext)).string(), idx_labels(labels(test)),
               gzip);
  }
}

ImageSet numbered_images(std::int64_t count, int channels, int height, int width, int classes) {
  ImageSet set;
  set.channels = channels;
  set.height = height;
  set.width = width;
  set.pixels.resize(static_cast<std::size_t>(count) * set.image_bytes());
  for (std::int64_t i = 0; i < count; ++i) {
    std::uint8_t* image = set.image(i);
    for (std::size_t k = 0; k < set.image_bytes(); ++k)
      image[k] = static_cast<std::uint8_t>((i + k) % 251);
    image[0] = static_cast<std::uint8_t>(i % 256);
    image[1] = static_cast<std::uint8_t>(i / 256);
    set.labels.push_back(i % classes);
  }
  return set;
}

std::int64_t image_number(const std::uint8_t* pixels) {
  return pixels[0] + 256 * pixels[1];
}

void write_png(const std::string& path, int height, int width, int blue, int green, int red) {
  const cv::Mat image(height, width, CV_8UC3, cv::Scalar(blue, green, red));
  if (!cv::imwrite(path, image)) throw std::runtime_error("cannot write " + path);
}

}  // namespace convstudio::testing
