// The reading half of safetensors_io.h. Every number in the header is checked before it is used
// to size or address anything.

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "safetensors_dtype.h"
#include "safetensors_io.h"

namespace convstudio {
namespace {

struct TensorEntry {
  std::string name;
  SafetensorsDtype dtype;
  std::vector<std::int64_t> shape;
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};

bool is_count(const nlohmann::json& value) {
  return value.is_number_unsigned() ||
         (value.is_number_integer() && value.get<std::int64_t>() >= 0);
}

// Parses one tensor's header entry; sizes are checked against the data area of `data_size`.
Result<TensorEntry> parse_entry(const std::string& name, const nlohmann::json& info,
                                std::uint64_t data_size, const std::string& file,
                                std::uint64_t header_offset) {
  auto fail = [&](const std::string& message) {
    return Error::at_byte(file, header_offset, "tensor \"" + name + "\": " + message);
  };
  if (!info.is_object()) return fail("entry is not a JSON object");
  auto dtype_it = info.find("dtype");
  auto shape_it = info.find("shape");
  auto offsets_it = info.find("data_offsets");
  if (dtype_it == info.end() || !dtype_it->is_string()) return fail("missing string \"dtype\"");
  if (shape_it == info.end() || !shape_it->is_array()) return fail("missing array \"shape\"");
  if (offsets_it == info.end() || !offsets_it->is_array() || offsets_it->size() != 2 ||
      !is_count((*offsets_it)[0]) || !is_count((*offsets_it)[1])) {
    return fail("\"data_offsets\" must be two non-negative integers");
  }

  TensorEntry entry;
  entry.name = name;
  const std::string dtype_name = dtype_it->get<std::string>();
  auto dtype = safetensors_dtype(dtype_name);
  if (!dtype) return fail("unknown dtype \"" + dtype_name + "\"");
  entry.dtype = *dtype;

  // Element count with overflow checks: a hostile shape must not wrap around to a small size.
  std::uint64_t bytes = entry.dtype.bytes;
  for (const auto& dim : *shape_it) {
    if (!is_count(dim)) return fail("shape holds something other than a non-negative integer");
    const std::uint64_t extent = dim.get<std::uint64_t>();
    if (extent > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) ||
        (extent != 0 && bytes > std::numeric_limits<std::uint64_t>::max() / extent)) {
      return fail("shape is too large");
    }
    bytes *= extent;
    entry.shape.push_back(static_cast<std::int64_t>(extent));
  }

  entry.begin = (*offsets_it)[0].get<std::uint64_t>();
  entry.end = (*offsets_it)[1].get<std::uint64_t>();
  if (entry.begin > entry.end) {
    return fail("data_offsets begin " + std::to_string(entry.begin) + " is after end " +
                std::to_string(entry.end));
  }
  if (entry.end > data_size) {
    return fail("data_offsets end " + std::to_string(entry.end) + " is past the data area of " +
                std::to_string(data_size) + " bytes");
  }
  if (entry.end - entry.begin != bytes) {
    return fail("shape and dtype " + dtype_name + " need " + std::to_string(bytes) +
                " bytes but data_offsets span " + std::to_string(entry.end - entry.begin));
  }
  return entry;
}

Result<std::map<std::string, std::string>> parse_metadata(const nlohmann::json& value,
                                                          const std::string& file) {
  if (!value.is_object()) return Error::at_byte(file, 8, "\"__metadata__\" is not a JSON object");
  std::map<std::string, std::string> metadata;
  for (const auto& [key, item] : value.items()) {
    if (!item.is_string()) {
      return Error::at_byte(file, 8, "\"__metadata__\" value for \"" + key + "\" is not a string");
    }
    metadata[key] = item.get<std::string>();
  }
  return metadata;
}

// Order does not matter and gaps are allowed, but two tensors must not share bytes.
std::optional<Error> find_overlap(const std::vector<TensorEntry>& entries, const std::string& file,
                                  std::uint64_t data_start) {
  std::vector<const TensorEntry*> by_offset;
  for (const auto& entry : entries) {
    if (entry.end > entry.begin) by_offset.push_back(&entry);
  }
  std::sort(by_offset.begin(), by_offset.end(),
            [](const auto* a, const auto* b) { return a->begin < b->begin; });
  for (std::size_t i = 1; i < by_offset.size(); ++i) {
    if (by_offset[i]->begin < by_offset[i - 1]->end) {
      return Error::at_byte(
          file, data_start + by_offset[i]->begin,
          "tensors \"" + by_offset[i - 1]->name + "\" and \"" + by_offset[i]->name + "\" overlap");
    }
  }
  return std::nullopt;
}

}  // namespace

Result<SafetensorsContent> decode_safetensors(std::string_view bytes, const std::string& file) {
  const std::uint64_t file_size = bytes.size();
  if (file_size < 8) {
    return Error::at_byte(
        file, 0,
        "file is " + std::to_string(file_size) + " bytes, too short for the 8-byte header length");
  }
  std::uint64_t header_length = 0;
  std::memcpy(&header_length, bytes.data(), 8);
  if (header_length > kSafetensorsMaxHeaderBytes) {
    return Error::at_byte(file, 0,
                          "header length " + std::to_string(header_length) +
                              " exceeds the limit of " +
                              std::to_string(kSafetensorsMaxHeaderBytes));
  }
  if (header_length > file_size - 8) {
    return Error::at_byte(file, 0,
                          "header length " + std::to_string(header_length) + " exceeds file size " +
                              std::to_string(file_size));
  }
  const std::string_view header_text = bytes.substr(8, header_length);
  if (header_text.empty() || header_text.front() != '{') {
    return Error::at_byte(file, 8, "header does not start with '{'");
  }
  nlohmann::json header;
  try {
    header = nlohmann::json::parse(header_text);
  } catch (const nlohmann::json::parse_error& error) {
    return Error::at_byte(file, 8 + (error.byte > 0 ? error.byte - 1 : 0),
                          std::string("header is not valid JSON: ") + error.what());
  } catch (const nlohmann::json::exception& error) {
    // Valid syntax the parser still refuses, such as a number too large for a double (1e999).
    return Error::at_byte(file, 8, std::string("header is not valid JSON: ") + error.what());
  }
  if (!header.is_object()) return Error::at_byte(file, 8, "header is not a JSON object");

  const std::uint64_t data_start = 8 + header_length;
  const std::uint64_t data_size = file_size - data_start;
  SafetensorsContent content;
  std::vector<TensorEntry> entries;
  for (const auto& [name, info] : header.items()) {
    if (name == "__metadata__") {
      auto metadata = parse_metadata(info, file);
      if (!metadata) return metadata.error();
      content.metadata = std::move(metadata).value();
      continue;
    }
    auto entry = parse_entry(name, info, data_size, file, 8);
    if (!entry) return entry.error();
    entries.push_back(std::move(entry).value());
  }

  if (auto overlap = find_overlap(entries, file, data_start)) return *overlap;

  for (const auto& entry : entries) {
    const char* source = bytes.data() + data_start + entry.begin;
    const std::size_t size = entry.end - entry.begin;
    if (entry.dtype.type == c10::ScalarType::Bool) {
      // A bool byte other than 0 or 1 is undefined behaviour once torch reads it.
      auto bad = std::find_if(source, source + size, [](char c) { return c != 0 && c != 1; });
      if (bad != source + size) {
        return Error::at_byte(file, data_start + entry.begin + (bad - source),
                              "tensor \"" + entry.name + "\": BOOL byte is neither 0 nor 1");
      }
    }
    torch::Tensor tensor =
        torch::empty(entry.shape, torch::TensorOptions().dtype(entry.dtype.type));
    if (size > 0) std::memcpy(tensor.data_ptr(), source, size);
    content.tensors.emplace(entry.name, std::move(tensor));
  }
  return content;
}

Result<SafetensorsContent> read_safetensors(const std::filesystem::path& file) {
  const std::string name = file.string();
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error)) {
    return Error::in_file(name, "the file is missing or is not a regular file");
  }
  const std::uintmax_t size = std::filesystem::file_size(file, error);
  std::ifstream stream(file, std::ios::binary);
  if (error || !stream) return Error::in_file(name, "cannot open the file for reading");
  std::string bytes(size, '\0');
  if (!stream.read(bytes.data(), static_cast<std::streamsize>(size))) {
    return Error::in_file(name, "reading the file failed");
  }
  return decode_safetensors(bytes, name);
}

}  // namespace convstudio
