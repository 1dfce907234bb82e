// libFuzzer: a safetensors file (checkpoint weights, native exports) decoded into tensors.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/safetensors_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto content = convstudio::decode_safetensors(bytes, "fuzz.safetensors");
  if (content) {
    // Touch every tensor's bytes, as applying a checkpoint does.
    for (auto& [name, tensor] : content.value().tensors) (void)tensor.sum();
  }
  return 0;
}
