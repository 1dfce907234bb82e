// libFuzzer: an IDX file (MNIST's format, raw or gzip) read as images and as labels, as the
// dataset loader reads a user's or a download's files.
#include <cstddef>
#include <cstdint>

#include "data/idx_file.h"
#include "fuzz_input_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = convstudio::fuzz::write_input("input.idx", data, size);
  auto images = convstudio::read_idx_images(path);
  auto labels = convstudio::read_idx_labels(path);
  (void)images;
  (void)labels;
  return 0;
}
