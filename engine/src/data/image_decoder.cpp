#include "data/image_decoder.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <new>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "data/image_fitting.h"
#include "data/regular_file.h"

namespace convstudio {
namespace {

std::mutex hook_mutex;
std::atomic<bool> hook_set{false};
std::function<void(const std::string&)> read_hook;

void run_test_hook(const std::string& path) {
  if (!hook_set.load(std::memory_order_acquire)) return;
  std::function<void(const std::string&)> hook;
  {
    std::lock_guard lock(hook_mutex);
    hook = read_hook;
  }
  if (hook) hook(path);
}

std::string pixel_size(std::int64_t width, std::int64_t height) {
  return std::to_string(width) + "\u00d7" + std::to_string(height);
}

// How far a JPEG may be shrunk while decoding (libjpeg's scaled IDCT, much cheaper than
// decoding everything and resizing): the largest of 8, 4, 2 whose reduced image still holds
// every pixel the fit needs, whichever way EXIF orientation turns it.
int jpeg_reduction(const ImageHeader& header, const ImageTarget& target) {
  if (header.format != ImageHeader::Format::Jpeg || target.height <= 0 || target.width <= 0) {
    return 1;
  }
  double needed = 0;  // the largest scale factor the fit applies to either axis
  for (const bool turned : {false, true}) {
    const double w = static_cast<double>(turned ? header.height : header.width);
    const double h = static_cast<double>(turned ? header.width : header.height);
    const double sx = target.width / w;
    const double sy = target.height / h;
    const double scale = target.fit == FitMode::Pad ? std::min(sx, sy) : std::max(sx, sy);
    needed = std::max(needed, scale);
  }
  for (const int reduction : {8, 4, 2}) {
    if (needed * reduction <= 1.0) return reduction;
  }
  return 1;
}

int decode_flags(int channels, int reduction) {
  const bool grey = channels == 1;
  switch (reduction) {
    case 2:
      return grey ? cv::IMREAD_REDUCED_GRAYSCALE_2 : cv::IMREAD_REDUCED_COLOR_2;
    case 4:
      return grey ? cv::IMREAD_REDUCED_GRAYSCALE_4 : cv::IMREAD_REDUCED_COLOR_4;
    case 8:
      return grey ? cv::IMREAD_REDUCED_GRAYSCALE_8 : cv::IMREAD_REDUCED_COLOR_8;
    default:
      return grey ? cv::IMREAD_GRAYSCALE : cv::IMREAD_COLOR;
  }
}

}  // namespace

std::optional<Error> read_file_bytes(const std::string& path, std::vector<std::uint8_t>& bytes) {
  Result<RegularFile> file = RegularFile::open(path);
  if (!file) return file.error();
  const std::int64_t size = file.value().size();
  if (size > kMaxImageFileBytes) {
    return Error::in_file(path, "is " + std::to_string(size >> 20) + " MiB, over the " +
                                    std::to_string(kMaxImageFileBytes >> 20) +
                                    " MiB limit for one image");
  }
  bytes.resize(static_cast<std::size_t>(size));
  if (file.value().read(bytes.data(), bytes.size()) != size) {
    return Error::in_file(path, "cannot be read to the end");
  }
  return std::nullopt;
}

std::optional<Error> decode_image(const std::string& path, const std::vector<std::uint8_t>& bytes,
                                  const ImageTarget& target, cv::Mat& decoded) {
  const std::optional<ImageHeader> header = probe_image_header(bytes.data(), bytes.size());
  if (!header) {
    return Error::in_file(path, bytes.empty()
                                    ? std::string("is empty")
                                    : "is not a PNG, JPEG, BMP, WebP, TIFF or PNM image (or its "
                                      "header is cut off)");
  }
  if (header->width <= 0 || header->height <= 0) {
    return Error::in_file(path, header->format_name() + " header gives no image size");
  }
  const int reduction = jpeg_reduction(*header, target);
  const std::int64_t width = (header->width + reduction - 1) / reduction;
  const std::int64_t height = (header->height + reduction - 1) / reduction;
  if (width > kMaxDecodedPixels / height) {
    return Error::in_file(path,
                          "is " + pixel_size(header->width, header->height) +
                              " pixels, over the 64-megapixel limit for one image (a guard against "
                              "decompression bombs); scale it down first");
  }
  try {
    const cv::Mat encoded(1, static_cast<int>(bytes.size()), CV_8UC1,
                          const_cast<std::uint8_t*>(bytes.data()));
    decoded = cv::imdecode(encoded, decode_flags(target.channels, reduction));
  } catch (const cv::Exception& error) {
    return Error::in_file(path, "cannot be decoded: " + error.err);
  } catch (const std::bad_alloc&) {
    return Error::in_file(path, "not enough memory to decode it");
  }
  if (decoded.empty()) {
    return Error::in_file(path,
                          header->format_name() + " data cannot be decoded (corrupt or cut off)");
  }
  return std::nullopt;
}

std::optional<Error> read_image_file(const std::string& path, const ImageTarget& target,
                                     std::uint8_t* planar) {
  // Whatever goes wrong with one file is that file's problem: reported, never thrown onward.
  try {
    run_test_hook(path);
    std::vector<std::uint8_t> bytes;
    if (auto error = read_file_bytes(path, bytes)) return error;
    cv::Mat decoded;
    if (auto error = decode_image(path, bytes, target, decoded)) return error;
    fit_image(decoded, true, target.channels, target.height, target.width, target.fit, planar);
    return std::nullopt;
  } catch (const cv::Exception& error) {
    return Error::in_file(path, "cannot be converted: " + error.err);
  } catch (const std::bad_alloc&) {
    return Error::in_file(path, "not enough memory to read it");
  } catch (const std::exception& error) {
    return Error::in_file(path, std::string("cannot be read: ") + error.what());
  }
}

std::optional<Error> read_image_header(const std::string& path, ImageHeader& header) {
  // Headers sit at the start; a JPEG's may follow EXIF and ICC segments of up to 64 KiB each.
  constexpr std::size_t kPrefix = 512 * 1024;
  Result<RegularFile> file = RegularFile::open(path);
  if (!file) return file.error();
  std::vector<std::uint8_t> bytes(kPrefix);
  const std::int64_t got = file.value().read(bytes.data(), bytes.size());
  if (got < 0) return Error::in_file(path, "cannot be read");
  bytes.resize(static_cast<std::size_t>(got));
  std::optional<ImageHeader> probed = probe_image_header(bytes.data(), bytes.size());
  if (!probed && bytes.size() == kPrefix) {
    if (auto error = read_file_bytes(path, bytes)) return error;
    probed = probe_image_header(bytes.data(), bytes.size());
  }
  if (!probed) return Error::in_file(path, "is not a PNG, JPEG, BMP, WebP, TIFF or PNM image");
  header = *probed;
  return std::nullopt;
}

void set_image_read_hook_for_testing(std::function<void(const std::string& path)> hook) {
  std::lock_guard lock(hook_mutex);
  read_hook = std::move(hook);
  hook_set.store(static_cast<bool>(read_hook), std::memory_order_release);
}

}  // namespace convstudio
