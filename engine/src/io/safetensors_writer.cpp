// The writing half of safetensors_io.h.

#include <algorithm>
#include <bit>
#include <cstring>
#include <vector>

#include <nlohmann/json.hpp>

#include "convstudio/io/atomic_write.h"
#include "safetensors_dtype.h"
#include "safetensors_io.h"

namespace convstudio {

// The format is little-endian; so is every machine LibTorch ships for.
static_assert(std::endian::native == std::endian::little, "safetensors I/O assumes little-endian");

namespace {

struct PendingTensor {
  std::string name;
  SafetensorsDtype dtype;
  torch::Tensor data;  // contiguous CPU
};

}  // namespace

Result<std::string> encode_safetensors(const SafetensorsContent& content, const std::string& file) {
  std::vector<PendingTensor> pending;
  for (const auto& [name, tensor] : content.tensors) {
    if (name == "__metadata__") {
      return Error::in_file(file, "\"__metadata__\" is reserved and cannot name a tensor");
    }
    if (!tensor.defined()) {
      return Error::in_file(file, "tensor \"" + name + "\" is undefined");
    }
    auto dtype = safetensors_dtype(tensor.scalar_type());
    if (!dtype) {
      return Error::in_file(file, "tensor \"" + name + "\" has dtype " +
                                      std::string(c10::toString(tensor.scalar_type())) +
                                      ", which safetensors here does not store");
    }
    pending.push_back({name, *dtype, tensor.detach().to(torch::kCPU).contiguous()});
  }
  // Widest elements first (then by name, for stable files): with an 8-aligned data area every
  // tensor then starts at a multiple of its element size, as the reference writer arranges.
  std::stable_sort(pending.begin(), pending.end(),
                   [](const auto& a, const auto& b) { return a.dtype.bytes > b.dtype.bytes; });

  nlohmann::json header = nlohmann::json::object();
  if (!content.metadata.empty()) header["__metadata__"] = content.metadata;
  std::uint64_t offset = 0;
  for (const auto& tensor : pending) {
    const std::uint64_t size = tensor.data.numel() * tensor.dtype.bytes;
    header[tensor.name] = {{"dtype", tensor.dtype.name},
                           {"shape", tensor.data.sizes().vec()},
                           {"data_offsets", {offset, offset + size}}};
    offset += size;
  }

  std::string json = header.dump();
  // Spaces pad the header so the data area starts 8-aligned; the spec allows trailing 0x20.
  json.append((8 - json.size() % 8) % 8, ' ');
  const std::uint64_t header_length = json.size();

  std::string bytes(8 + header_length + offset, '\0');
  std::memcpy(bytes.data(), &header_length, 8);
  std::memcpy(bytes.data() + 8, json.data(), header_length);
  char* data = bytes.data() + 8 + header_length;
  for (const auto& tensor : pending) {
    const std::size_t size = tensor.data.numel() * tensor.dtype.bytes;
    if (size > 0) std::memcpy(data, tensor.data.data_ptr(), size);
    data += size;
  }
  return bytes;
}

std::optional<Error> write_safetensors(const std::filesystem::path& file,
                                       const SafetensorsContent& content) {
  auto bytes = encode_safetensors(content, file.string());
  if (!bytes) return bytes.error();
  return write_file_atomically(file, bytes.value());
}

}  // namespace convstudio
