#include "checkpoint_state.h"

#include <array>
#include <optional>
#include <stdexcept>

namespace convstudio {
namespace {

using nlohmann::json;

constexpr std::array<std::pair<LrScheduleKind, const char*>, 4> kScheduleKinds = {{
    {LrScheduleKind::constant, "constant"},
    {LrScheduleKind::step, "step"},
    {LrScheduleKind::cosine, "cosine"},
    {LrScheduleKind::one_cycle, "one_cycle"},
}};

std::string to_hex(const std::string& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(bytes.size() * 2);
  for (unsigned char byte : bytes) {
    hex.push_back(kDigits[byte >> 4]);
    hex.push_back(kDigits[byte & 0xf]);
  }
  return hex;
}

std::optional<std::string> from_hex(const std::string& hex) {
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string bytes;
  bytes.reserve(hex.size() / 2);
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const int high = digit(hex[i]);
    const int low = digit(hex[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    bytes.push_back(static_cast<char>(high * 16 + low));
  }
  return bytes;
}

std::string dotted(const std::string& path, const char* key) {
  return path.empty() ? std::string(key) : path + "." + key;
}

// Reads typed fields and remembers the first problem, placed at its dotted path in the file, so
// the parsing code below reads as a list of fields rather than a ladder of checks.
class FieldReader {
 public:
  explicit FieldReader(const std::string& source) : source_(source) {}

  const json& field(const json& object, const std::string& path, const char* key,
                    bool (json::*is_type)() const noexcept, const char* type_name) {
    static const json kNull;
    if (error_) return kNull;
    const std::string name = dotted(path, key);
    if (!object.is_object() || !object.contains(key)) {
      fail(name, "is missing");
      return kNull;
    }
    const json& value = object.at(key);
    if (!(value.*is_type)()) {
      fail(name, std::string("is not ") + type_name);
      return kNull;
    }
    return value;
  }
  std::int64_t integer(const json& o, const std::string& path, const char* key) {
    const json& v = field(o, path, key, &json::is_number_integer, "an integer");
    return error_ ? 0 : v.get<std::int64_t>();
  }
  double number(const json& o, const std::string& path, const char* key) {
    const json& v = field(o, path, key, &json::is_number, "a number");
    return error_ ? 0.0 : v.get<double>();
  }
  std::string text(const json& o, const std::string& path, const char* key) {
    const json& v = field(o, path, key, &json::is_string, "a string");
    return error_ ? std::string() : v.get<std::string>();
  }
  std::string hex_bytes(const json& o, const std::string& path, const char* key) {
    std::string hex = text(o, path, key);
    auto bytes = from_hex(hex);
    if (!bytes) fail(dotted(path, key), "is not hexadecimal bytes");
    return bytes.value_or(std::string());
  }
  const json& object(const json& o, const std::string& path, const char* key) {
    return field(o, path, key, &json::is_object, "an object");
  }

  void fail(const std::string& field, const std::string& message) {
    if (!error_) error_ = Error::at_field(source_, field, message);
  }
  const std::optional<Error>& error() const { return error_; }

 private:
  std::string source_;
  std::optional<Error> error_;
};

LrScheduleConfig read_schedule_config(FieldReader& read, const json& o, const std::string& path) {
  LrScheduleConfig config;
  const std::string kind = read.text(o, path, "kind");
  bool known = false;
  for (const auto& [value, name] : kScheduleKinds) {
    if (kind == name) {
      config.kind = value;
      known = true;
    }
  }
  if (!known) read.fail(dotted(path, "kind"), "is the unknown schedule \"" + kind + "\"");
  config.base_lr = read.number(o, path, "base_lr");
  config.total_steps = read.integer(o, path, "total_steps");
  config.step_size = read.integer(o, path, "step_size");
  config.gamma = read.number(o, path, "gamma");
  config.min_lr = read.number(o, path, "min_lr");
  config.pct_start = read.number(o, path, "pct_start");
  config.div_factor = read.number(o, path, "div_factor");
  config.final_div_factor = read.number(o, path, "final_div_factor");
  config.warmup_steps = read.integer(o, path, "warmup_steps");
  config.warmup_start_factor = read.number(o, path, "warmup_start_factor");
  return config;
}

}  // namespace

json lr_schedule_config_to_json(const LrScheduleConfig& config) {
  std::string kind;
  for (const auto& [value, name] : kScheduleKinds) {
    if (value == config.kind) kind = name;
  }
  return {{"kind", kind},
          {"base_lr", config.base_lr},
          {"total_steps", config.total_steps},
          {"step_size", config.step_size},
          {"gamma", config.gamma},
          {"min_lr", config.min_lr},
          {"pct_start", config.pct_start},
          {"div_factor", config.div_factor},
          {"final_div_factor", config.final_div_factor},
          {"warmup_steps", config.warmup_steps},
          {"warmup_start_factor", config.warmup_start_factor}};
}

Result<LrScheduleConfig> lr_schedule_config_from_json(const json& json_value,
                                                      const std::string& source) {
  FieldReader read(source);
  LrScheduleConfig config = read_schedule_config(read, json_value, "");
  if (read.error()) return *read.error();
  return config;
}

json checkpoint_state_to_json(const CheckpointState& state) {
  json cuda = json::array();
  for (const auto& bytes : state.rng.cuda_generators) cuda.push_back(to_hex(bytes));
  return {{"format_version", kCheckpointFormatVersion},
          {"epoch", state.epoch},
          {"step_in_epoch", state.step_in_epoch},
          {"global_step", state.global_step},
          {"config", state.config},
          {"metrics", state.metrics},
          {"schedule",
           {{"config", lr_schedule_config_to_json(state.schedule.config)},
            {"step", state.schedule.step}}},
          {"scaler",
           {{"scale", state.scaler.scale},
            {"growth_tracker", state.scaler.growth_tracker},
            {"skipped_steps", state.scaler.skipped_steps}}},
          {"rng",
           {{"cpu_generator", to_hex(state.rng.cpu_generator)},
            {"cuda_generators", cuda},
            {"data_loader", state.rng.data_loader}}}};
}

Result<CheckpointState> checkpoint_state_from_json(const json& root, const std::string& source) {
  FieldReader read(source);
  if (!root.is_object()) return Error::in_file(source, "state is not a JSON object");
  const std::int64_t version = read.integer(root, "", "format_version");
  if (!read.error() && (version < 1 || version > kCheckpointFormatVersion)) {
    read.fail("format_version", "format version " + std::to_string(version) +
                                    " is not one this build reads (1.." +
                                    std::to_string(kCheckpointFormatVersion) + ")");
  }

  CheckpointState state;
  state.epoch = read.integer(root, "", "epoch");
  state.step_in_epoch = read.integer(root, "", "step_in_epoch");
  state.global_step = read.integer(root, "", "global_step");
  state.config = read.object(root, "", "config");
  state.metrics = read.field(root, "", "metrics", &json::is_structured, "an object or array");

  const json& schedule = read.object(root, "", "schedule");
  state.schedule.config =
      read_schedule_config(read, read.object(schedule, "schedule", "config"), "schedule.config");
  state.schedule.step = read.integer(schedule, "schedule", "step");

  const json& scaler = read.object(root, "", "scaler");
  state.scaler.scale = read.number(scaler, "scaler", "scale");
  state.scaler.growth_tracker = read.integer(scaler, "scaler", "growth_tracker");
  state.scaler.skipped_steps = read.integer(scaler, "scaler", "skipped_steps");

  const json& rng = read.object(root, "", "rng");
  state.rng.cpu_generator = read.hex_bytes(rng, "rng", "cpu_generator");
  const json& cuda = read.field(rng, "rng", "cuda_generators", &json::is_array, "an array");
  for (const auto& item : cuda) {
    auto bytes = item.is_string() ? from_hex(item.get<std::string>()) : std::nullopt;
    if (!bytes) read.fail("rng.cuda_generators", "holds something other than hexadecimal bytes");
    state.rng.cuda_generators.push_back(bytes.value_or(std::string()));
  }
  state.rng.data_loader = read.text(rng, "rng", "data_loader");

  if (read.error()) return *read.error();
  try {
    LearningRateSchedule check(state.schedule.config);
  } catch (const std::invalid_argument& error) {
    return Error::at_field(source, "schedule.config", error.what());
  }
  return state;
}

}  // namespace convstudio
