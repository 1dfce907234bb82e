#include "test_files.h"

#include <zlib.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <stdexcept>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "data/in_memory_sample_set.h"

namespace convstudio::testing {
namespace fs = std::filesystem;

namespace {

// Dataset indexes go to $XDG_CACHE_HOME: one private folder per test process, not the user's.
struct PrivateIndexCache {
  PrivateIndexCache() {
    std::random_device entropy;
    path = fs::temp_directory_path() / ("convstudio-data-test-cache-" + std::to_string(entropy()));
    setenv("XDG_CACHE_HOME", path.c_str(), 1);
  }
  ~PrivateIndexCache() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path path;
};
const PrivateIndexCache private_index_cache;

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

void write_text(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
}

DatasetRequest csv_request(const fs::path& csv) {
  DatasetRequest request;
  request.kind = DatasetKind::Csv;
  request.path = csv.string();
  request.channels = 3;
  request.height = request.width = 4;
  request.validation_fraction = 0.25;
  return request;
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

const ImageSet& in_memory(const SampleSet& set) {
  const auto* memory = dynamic_cast<const InMemorySampleSet*>(&set);
  if (memory == nullptr) throw std::logic_error("the split is not held in memory");
  return memory->images();
}

std::vector<std::uint8_t> pixels_of(const SampleSet& set, std::int64_t index) {
  std::vector<std::uint8_t> scratch(set.image_bytes());
  const Result<const std::uint8_t*> pixels = set.fetch(index, scratch.data());
  if (!pixels) throw std::runtime_error(pixels.error().describe());
  return {pixels.value(), pixels.value() + set.image_bytes()};
}

namespace {

void write_chunk(std::ofstream& out, const char* type, const std::vector<std::uint8_t>& data) {
  std::vector<std::uint8_t> length;
  append_u32(length, static_cast<std::uint32_t>(data.size()));
  out.write(reinterpret_cast<const char*>(length.data()), 4);
  std::vector<std::uint8_t> body(type, type + 4);
  body.insert(body.end(), data.begin(), data.end());
  out.write(reinterpret_cast<const char*>(body.data()), static_cast<std::streamsize>(body.size()));
  std::vector<std::uint8_t> crc;
  append_u32(crc,
             static_cast<std::uint32_t>(::crc32(0, body.data(), static_cast<uInt>(body.size()))));
  out.write(reinterpret_cast<const char*>(crc.data()), 4);
}

}  // namespace

void write_png_bomb(const std::string& path, std::uint32_t width, std::uint32_t height) {
  std::ofstream out(path, std::ios::binary);
  out.write("\x89PNG\r\n\x1a\n", 8);
  std::vector<std::uint8_t> header;
  append_u32(header, width);
  append_u32(header, height);
  header.insert(header.end(), {8, 0, 0, 0, 0});  // 8-bit grey, no interlace
  write_chunk(out, "IHDR", header);

  z_stream stream{};
  deflateInit(&stream, Z_BEST_SPEED);
  std::vector<std::uint8_t> row(width + 1, 0);  // filter byte 0, then the pixels
  std::vector<std::uint8_t> compressed;
  std::vector<std::uint8_t> buffer(1 << 16);
  for (std::uint32_t y = 0; y <= height; ++y) {
    const bool last = y == height;
    stream.next_in = last ? nullptr : row.data();
    stream.avail_in = last ? 0 : static_cast<uInt>(row.size());
    do {
      stream.next_out = buffer.data();
      stream.avail_out = static_cast<uInt>(buffer.size());
      deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH);
      compressed.insert(compressed.end(), buffer.data(),
                        buffer.data() + (buffer.size() - stream.avail_out));
    } while (stream.avail_out == 0);
  }
  deflateEnd(&stream);
  write_chunk(out, "IDAT", compressed);
  write_chunk(out, "IEND", {});
}

void write_png(const std::string& path, int height, int width, int blue, int green, int red) {
  const cv::Mat image(height, width, CV_8UC3, cv::Scalar(blue, green, red));
  if (!cv::imwrite(path, image)) throw std::runtime_error("cannot write " + path);
}

}  // namespace convstudio::testing
