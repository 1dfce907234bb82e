#pragma once
// Weights in the safetensors format (https://huggingface.co/docs/safetensors): an 8-byte
// little-endian header length N, N bytes of JSON (padded with spaces to a multiple of 8), then the
// raw little-endian tensor bytes. Plain data only, so reading a file never runs code from it.
//
// The reader checks everything a hostile or truncated file could get wrong before it copies a
// byte, and reports the first problem with its byte offset.

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <torch/torch.h>

#include "convstudio/error.h"
#include "convstudio/result.h"

namespace convstudio {

struct SafetensorsContent {
  std::map<std::string, torch::Tensor> tensors;
  std::map<std::string, std::string> metadata;  // the header's "__metadata__"
};

// A header longer than this is refused unread: real ones are kilobytes.
inline constexpr std::uint64_t kSafetensorsMaxHeaderBytes = 100ull * 1024 * 1024;

// Tensors may live on any device and be non-contiguous; they are written as contiguous CPU
// copies. Supported dtypes: F64, F32, F16, BF16, I64, I32, I16, I8, U8, BOOL. `file` names the
// output in errors.
Result<std::string> encode_safetensors(const SafetensorsContent& content, const std::string& file);
// Writes atomically (temporary sibling, fsync, rename).
std::optional<Error> write_safetensors(const std::filesystem::path& file,
                                       const SafetensorsContent& content);

// Returns CPU tensors that own their memory.
Result<SafetensorsContent> decode_safetensors(std::string_view bytes, const std::string& file);
Result<SafetensorsContent> read_safetensors(const std::filesystem::path& file);

}  // namespace convstudio
