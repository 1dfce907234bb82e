#include "checkpoint_state.h"

#include <array>
#include <limits>
#include <optional>
#include <stdexcept>

#include "checkpoint_config.h"
#include "state_field_reader.h"

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

// Hexadecimal bytes (the random generators' states), checked at `path.key`.
std::string hex_bytes(StateFieldReader& read, const json& o, const std::string& path,
                      const char* key) {
  const std::string hex = read.text(o, path, key);
  auto bytes = from_hex(hex);
  if (!bytes) read.fail(dotted(path, key), "is not hexadecimal bytes");
  return bytes.value_or(std::string());
}

LrScheduleConfig read_schedule_config(StateFieldReader& read, const json& o,
                                      const std::string& path) {
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
  config.total_steps = read.integer(o, path, "total_steps", 0, kMaxCheckpointCount);
  config.step_size = read.integer(o, path, "step_size", 0, kMaxCheckpointCount);
  config.gamma = read.number(o, path, "gamma");
  config.min_lr = read.number(o, path, "min_lr");
  config.pct_start = read.number(o, path, "pct_start");
  config.div_factor = read.number(o, path, "div_factor");
  config.final_div_factor = read.number(o, path, "final_div_factor");
  config.warmup_steps = read.integer(o, path, "warmup_steps", 0, kMaxCheckpointCount);
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
  StateFieldReader read(source);
  if (!root.is_object()) return Error::in_file(source, "state is not a JSON object");
  const std::int64_t version = read.integer(root, "", "format_version");
  if (!read.error() && (version < 1 || version > kCheckpointFormatVersion)) {
    read.fail("format_version", "format version " + std::to_string(version) +
                                    " is not one this build reads (1.." +
                                    std::to_string(kCheckpointFormatVersion) + ")");
  }

  // Every counter within what a run can reach: a resume trusts them to end its loops (a
  // global_step near 2^63 would wrap, a negative one would train on and on).
  CheckpointState state;
  state.epoch = read.integer(root, "", "epoch", 0, kMaxCheckpointEpoch);
  state.step_in_epoch = read.integer(root, "", "step_in_epoch", 0, kMaxCheckpointCount);
  state.global_step = read.integer(root, "", "global_step", 0, kMaxCheckpointCount);
  state.config = read.object(root, "", "config");
  check_checkpoint_config(read, state.config);
  state.metrics = read.field(root, "", "metrics", &json::is_structured, "an object or array");
  check_checkpoint_metrics(read, state.metrics);

  const json& schedule = read.object(root, "", "schedule");
  state.schedule.config =
      read_schedule_config(read, read.object(schedule, "schedule", "config"), "schedule.config");
  state.schedule.step = read.integer(schedule, "schedule", "step", 0, kMaxCheckpointCount);

  // The scale is a positive float32 (it multiplies every fp16 loss); the tracker an int32.
  const json& scaler = read.object(root, "", "scaler");
  state.scaler.scale = read.number(scaler, "scaler", "scale", 0x1p-149, 0x1p127);
  state.scaler.growth_tracker =
      read.integer(scaler, "scaler", "growth_tracker", 0, std::numeric_limits<std::int32_t>::max());
  state.scaler.skipped_steps =
      read.integer(scaler, "scaler", "skipped_steps", 0, kMaxCheckpointCount);

  const json& rng = read.object(root, "", "rng");
  state.rng.cpu_generator = hex_bytes(read, rng, "rng", "cpu_generator");
  const json& cuda = read.field(rng, "rng", "cuda_generators", &json::is_array, "an array");
  for (const auto& item : cuda) {
    auto bytes = item.is_string() ? from_hex(item.get<std::string>()) : std::nullopt;
    if (!bytes) read.fail("rng.cuda_generators", "holds something other than hexadecimal bytes");
    state.rng.cuda_generators.push_back(bytes.value_or(std::string()));
  }
  state.rng.data_loader = read.text(rng, "rng", "data_loader");

  if (read.error()) return *read.error();
  if (auto problem = lr_schedule_config_problem(state.schedule.config)) {
    return Error::at_field(source, "schedule.config", *problem);
  }
  return state;
}

}  // namespace convstudio
