// libFuzzer: a labels-in-a-CSV dataset file (path,label rows) indexed as the data panel and the
// CLI index one. The image paths it names need not exist: the index is what is attacked.
#include <cstddef>
#include <cstdint>

#include "data/formats/csv/csv_dataset.h"
#include "fuzz_input_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = convstudio::fuzz::write_input("labels.csv", data, size);
  auto index = convstudio::read_csv_dataset(path, [](std::int64_t) { return true; });
  (void)index;
  return 0;
}
