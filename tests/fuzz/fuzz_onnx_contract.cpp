// libFuzzer: an .onnx file as predict, evaluate and the Inference panel read it: the protobuf,
// onnx::checker, then the preprocessing contract in metadata_props["convstudio"].
#include <cstddef>
#include <cstdint>
#include <string>

#include "export/onnx_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  auto file = convstudio::parse_onnx_file(std::move(bytes), "fuzz.onnx");
  (void)file;
  return 0;
}
