// libFuzzer: a checkpoint's state.json read as load_checkpoint reads it (JSON, then every field
// checked by checkpoint_state_from_json). The first run found that load_checkpoint caught only
// parse_error, while a number too large for a double throws out_of_range (regressions/).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

#include "checkpoint/checkpoint_state.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    return 0;  // load_checkpoint reports these as "not valid JSON" (with the byte when known)
  }
  auto state = convstudio::checkpoint_state_from_json(json, "state.json");
  (void)state;
  return 0;
}
