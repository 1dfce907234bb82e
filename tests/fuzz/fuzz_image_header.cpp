// libFuzzer: the header probe every image file goes through before it is decoded (the data
// loader, the native-shape sample, `predict`): PNG, JPEG, BMP, WebP, TIFF and PNM headers read by
// hand, so every offset is attacked here. The bytes are probed where they lie, as the decoder
// does with a whole file, and again as a cut-off prefix, as the native-shape sample reads one.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "data/image_header.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // A copy of exactly `size` bytes: ASan then catches a read one byte past the end.
  const std::vector<std::uint8_t> bytes(data, data + size);
  if (auto header = convstudio::probe_image_header(bytes.data(), bytes.size())) {
    (void)header->format_name();
  }
  const std::vector<std::uint8_t> prefix(bytes.begin(), bytes.begin() + bytes.size() / 2);
  (void)convstudio::probe_image_header(prefix.data(), prefix.size());
  return 0;
}
