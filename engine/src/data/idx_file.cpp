#include "data/idx_file.h"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>

namespace convstudio {
namespace {

constexpr std::uint32_t kImagesMagic = 0x00000803;  // unsigned bytes, 3 dimensions
constexpr std::uint32_t kLabelsMagic = 0x00000801;  // unsigned bytes, 1 dimension
// More would not fit in memory anyway; the bound keeps size arithmetic far from overflow.
constexpr std::uint64_t kMaxDimension = std::uint64_t{1} << 31;

std::string hex32(std::uint32_t value) {
  std::array<char, 16> text{};
  std::snprintf(text.data(), text.size(), "0x%08X", value);
  return text.data();
}

// gzread() reads raw files transparently, so one path serves .gz and uncompressed IDX.
class GzipStream {
 public:
  explicit GzipStream(const std::string& path) {
    errno = 0;
    file_ = gzopen(path.c_str(), "rb");
    // Large reads of a 47 MB file are much faster with a bigger buffer than zlib's 8 KiB.
    if (file_ != nullptr) gzbuffer(file_, 1u << 18);
  }
  ~GzipStream() {
    if (file_ != nullptr) gzclose(file_);
  }
  GzipStream(const GzipStream&) = delete;
  GzipStream& operator=(const GzipStream&) = delete;

  bool is_open() const { return file_ != nullptr; }
  std::int64_t position() const { return position_; }

  // Reads up to `size` bytes; returns how many arrived. On a zlib error fills `problem`.
  std::uint64_t read(void* destination, std::uint64_t size, std::string& problem) {
    auto* out = static_cast<unsigned char*>(destination);
    std::uint64_t done = 0;
    while (done < size) {
      const auto chunk = static_cast<unsigned>(
          std::min<std::uint64_t>(size - done, std::numeric_limits<int>::max() / 2));
      const int got = gzread(file_, out + done, chunk);
      if (got < 0) {
        int code = 0;
        problem = std::string("corrupt gzip data (") + gzerror(file_, &code) + ")";
        break;
      }
      done += static_cast<std::uint64_t>(got);
      if (static_cast<unsigned>(got) < chunk) {
        int code = 0;
        const char* message = gzerror(file_, &code);
        if (code != Z_OK && code != Z_STREAM_END) problem = message;
        break;
      }
    }
    position_ += static_cast<std::int64_t>(done);
    return done;
  }

 private:
  gzFile file_ = nullptr;
  std::int64_t position_ = 0;
};

std::string describe_magic(std::uint32_t magic) {
  const unsigned type = (magic >> 8) & 0xFF;
  const unsigned dims = magic & 0xFF;
  if ((magic >> 16) != 0) return "not an IDX file";
  const char* type_name = type == 0x08   ? "unsigned bytes"
                          : type == 0x09 ? "signed bytes"
                          : type == 0x0B ? "shorts"
                          : type == 0x0C ? "ints"
                          : type == 0x0D ? "floats"
                          : type == 0x0E ? "doubles"
                                         : "unknown type";
  return std::string("IDX ") + type_name + ", " + std::to_string(dims) + " dimension" +
         (dims == 1 ? "" : "s");
}

// Reads the magic number and the dimension sizes. Returns an empty vector with `error` set
// when the header is short or the magic is not `expected`.
std::vector<std::uint64_t> read_header(GzipStream& stream, const std::string& path,
                                       std::uint32_t expected, const char* what, Error& error) {
  const unsigned dims = expected & 0xFF;
  std::array<unsigned char, 4 * 4> header{};
  const std::uint64_t header_bytes = 4u * (1u + dims);
  std::string problem;
  const std::uint64_t got = stream.read(header.data(), header_bytes, problem);
  if (got < header_bytes) {
    error = Error::at_byte(path, got,
                           "truncated " + std::string(what) + " file: it ends inside the " +
                               std::to_string(header_bytes) + "-byte IDX header" +
                               (problem.empty() ? "" : " (" + problem + ")"));
    return {};
  }
  auto word = [&](unsigned i) {
    return (std::uint32_t{header[4 * i]} << 24) | (std::uint32_t{header[4 * i + 1]} << 16) |
           (std::uint32_t{header[4 * i + 2]} << 8) | std::uint32_t{header[4 * i + 3]};
  };
  const std::uint32_t magic = word(0);
  if (magic != expected) {
    error = Error::at_byte(path, 0,
                           "wrong magic number for an " + std::string(what) + " file: expected " +
                               hex32(expected) + " (" + describe_magic(expected) + "), found " +
                               hex32(magic) + " (" + describe_magic(magic) + ")");
    return {};
  }
  std::vector<std::uint64_t> sizes;
  for (unsigned i = 1; i <= dims; ++i) {
    const std::uint64_t size = word(i);
    if (size == 0 || size >= kMaxDimension) {
      error = Error::at_byte(path, 4 * i,
                             "dimension " + std::to_string(i) + " of the header is " +
                                 std::to_string(size) + ", which is not a usable size");
      return {};
    }
    sizes.push_back(size);
  }
  return sizes;
}

Error truncated(const std::string& path, const GzipStream& stream, const std::string& promise,
                std::uint64_t expected_bytes, std::uint64_t got_bytes, const std::string& problem) {
  return Error::at_byte(path, static_cast<std::uint64_t>(stream.position()),
                        "truncated: the header promises " + promise + " (" +
                            std::to_string(expected_bytes) + " bytes after the header), but only " +
                            std::to_string(got_bytes) + " bytes follow" +
                            (problem.empty() ? "" : " (" + problem + ")"));
}

// Reads up to `bytes` into `buffer`, growing it as data arrives (to twice what has arrived, at
// least kFirstChunk), so a header that promises more than the file holds costs memory in
// proportion to the file, not to the promise. One allocation for files under kFirstChunk.
std::uint64_t read_growing(GzipStream& stream, std::vector<std::uint8_t>& buffer,
                           std::uint64_t bytes, std::string& problem) {
  constexpr std::uint64_t kFirstChunk = std::uint64_t{64} << 20;
  std::uint64_t done = 0;
  while (done < bytes) {
    const std::uint64_t target = std::min(bytes, std::max(kFirstChunk, 2 * done));
    buffer.resize(target);
    done += stream.read(buffer.data() + done, target - done, problem);
    if (done < target) break;
  }
  buffer.resize(done);
  return done;
}

Error too_large(const std::string& path, const std::string& promise) {
  return Error::at_byte(
      path, 4,
      "the header promises " + promise + ": too large for any file (more than 2^64 bytes)");
}

Error out_of_memory(const std::string& path, const std::string& promise) {
  return Error::in_file(path, "not enough memory to read " + promise);
}

}  // namespace

Result<ImageSet> read_idx_images(const std::string& path) {
  GzipStream stream(path);
  if (!stream.is_open()) {
    return Error::in_file(path, std::string("cannot open: ") + std::strerror(errno));
  }
  Error error;
  const std::vector<std::uint64_t> sizes = read_header(stream, path, kImagesMagic, "images", error);
  if (sizes.empty()) return error;

  ImageSet images;
  images.channels = 1;
  images.height = static_cast<int>(sizes[1]);
  images.width = static_cast<int>(sizes[2]);
  const std::uint64_t count = sizes[0];
  const std::string promise = std::to_string(count) + " images of " + std::to_string(sizes[1]) +
                              " x " + std::to_string(sizes[2]);
  std::uint64_t bytes = 0;
  if (__builtin_mul_overflow(count, sizes[1] * sizes[2], &bytes)) return too_large(path, promise);
  std::string problem;
  std::uint64_t got = 0;
  try {
    // Read straight into the final buffer: Fashion-MNIST is 47 MB, a second copy is not free.
    got = read_growing(stream, images.pixels, bytes, problem);
  } catch (const std::bad_alloc&) {
    return out_of_memory(path, promise);
  } catch (const std::length_error&) {  // the buffer only grows with the data; kept as a guard
    return out_of_memory(path, promise);
  }
  if (got < bytes) return truncated(path, stream, promise, bytes, got, problem);
  images.labels.assign(count, 0);
  return images;
}

Result<std::vector<std::int64_t>> read_idx_labels(const std::string& path) {
  GzipStream stream(path);
  if (!stream.is_open()) {
    return Error::in_file(path, std::string("cannot open: ") + std::strerror(errno));
  }
  Error error;
  const std::vector<std::uint64_t> sizes = read_header(stream, path, kLabelsMagic, "labels", error);
  if (sizes.empty()) return error;

  const std::uint64_t count = sizes[0];
  std::vector<std::uint8_t> raw;
  std::string problem;
  std::uint64_t got = 0;
  try {
    got = read_growing(stream, raw, count, problem);
  } catch (const std::bad_alloc&) {
    return out_of_memory(path, std::to_string(count) + " labels");
  } catch (const std::length_error&) {
    return out_of_memory(path, std::to_string(count) + " labels");
  }
  if (got < count) {
    return truncated(path, stream, std::to_string(count) + " labels", count, got, problem);
  }
  return std::vector<std::int64_t>(raw.begin(), raw.end());
}

}  // namespace convstudio
