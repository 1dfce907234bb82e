#include "convstudio/model/block_id.h"

#include <cstdint>
#include <cstdio>

namespace convstudio {
namespace {

// The code point starting at `at`, and how many bytes it takes; nullopt when the bytes there are
// not well-formed UTF-8 (overlong forms, surrogates and values past U+10FFFF included).
struct Decoded {
  char32_t code_point = 0;
  std::size_t length = 0;
};

std::optional<Decoded> decode_utf8(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80) return Decoded{lead, 1};
  std::size_t length = 0;
  char32_t value = 0;
  char32_t smallest = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, value = lead & 0x1F, smallest = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, value = lead & 0x0F, smallest = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, value = lead & 0x07, smallest = 0x10000;
  } else {
    return std::nullopt;
  }
  if (at + length > text.size()) return std::nullopt;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) return std::nullopt;
    value = (value << 6) | (byte(at + i) & 0x3F);
  }
  if (value < smallest || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
    return std::nullopt;
  }
  return Decoded{value, length};
}

// What kind of character would make a line naming the block lie; nullptr for a harmless one.
const char* hostile_kind(char32_t c) {
  if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) return "a control character";
  if (c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
      (c >= 0x2066 && c <= 0x2069)) {
    return "a bidirectional-formatting character";
  }
  if (c == 0x2028 || c == 0x2029) return "a line or paragraph separator";
  if ((c >= 0x200B && c <= 0x200D) || c == 0x2060 || c == 0xFEFF) return "an invisible character";
  return nullptr;
}

std::string code_point_text(char32_t c) {
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(c));
  return text;
}

}  // namespace

std::optional<std::string> block_id_problem(std::string_view id) {
  for (std::size_t at = 0; at < id.size();) {
    const std::optional<Decoded> decoded = decode_utf8(id, at);
    if (!decoded) {
      char byte[8];
      std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(id[at]));
      return "is not valid UTF-8 (byte " + std::string(byte) + " at offset " + std::to_string(at) +
             ")";
    }
    if (const char* kind = hostile_kind(decoded->code_point)) {
      return "holds " + code_point_text(decoded->code_point) + ", " + kind + " (at byte " +
             std::to_string(at) +
             "); block ids may not hold control, bidirectional-formatting or invisible "
             "characters, which could make the messages that name the block lie";
    }
    at += decoded->length;
  }
  return std::nullopt;
}

}  // namespace convstudio
