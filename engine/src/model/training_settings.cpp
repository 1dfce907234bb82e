#include "convstudio/model/training_settings.h"

#include <array>
#include <cctype>
#include <utility>
#include <vector>

#include "convstudio/model/optimizer_spec.h"
#include "convstudio/model/setting_table.h"

namespace convstudio {
namespace {

constexpr std::array<std::pair<AmpMode, const char*>, 4> kAmpNames = {{{AmpMode::Off, "off"},
                                                                       {AmpMode::Fp16, "fp16"},
                                                                       {AmpMode::Bf16, "bf16"},
                                                                       {AmpMode::Auto, "auto"}}};
constexpr std::array<std::pair<LrSchedule, const char*>, 4> kScheduleNames = {
    {{LrSchedule::Constant, "constant"},
     {LrSchedule::Step, "step"},
     {LrSchedule::Cosine, "cosine"},
     {LrSchedule::OneCycle, "onecycle"}}};
constexpr std::array<std::pair<MemoryFormat, const char*>, 3> kMemoryFormatNames = {
    {{MemoryFormat::Auto, "auto"},
     {MemoryFormat::Nchw, "nchw"},
     {MemoryFormat::ChannelsLast, "channels_last"}}};

template <typename Enum, std::size_t N>
std::string name_of(const std::array<std::pair<Enum, const char*>, N>& names, Enum value) {
  for (const auto& [e, name] : names) {
    if (e == value) return name;
  }
  return names[0].second;
}

template <typename Enum, std::size_t N>
std::vector<std::string> names_of(const std::array<std::pair<Enum, const char*>, N>& names) {
  std::vector<std::string> words;
  for (const auto& [e, name] : names) words.emplace_back(name);
  return words;
}

template <typename Enum, std::size_t N>
std::optional<Enum> parse(const std::array<std::pair<Enum, const char*>, N>& names,
                          std::string_view text) {
  for (const auto& [e, name] : names) {
    if (text == name) return e;
  }
  return std::nullopt;
}

}  // namespace

std::string to_string(AmpMode mode) {
  return name_of(kAmpNames, mode);
}
std::string to_string(OptimizerKind kind) {
  return std::string(optimizer_spec(kind).name);
}
std::string to_string(LrSchedule schedule) {
  return name_of(kScheduleNames, schedule);
}
std::string to_string(MemoryFormat format) {
  return name_of(kMemoryFormatNames, format);
}
const std::vector<std::string>& amp_mode_names() {
  static const std::vector<std::string> names = names_of(kAmpNames);
  return names;
}
const std::vector<std::string>& optimizer_kind_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const OptimizerSpec& spec : optimizer_specs()) all.emplace_back(spec.name);
    return all;
  }();
  return names;
}
const std::vector<std::string>& lr_schedule_names() {
  static const std::vector<std::string> names = names_of(kScheduleNames);
  return names;
}
const std::vector<std::string>& memory_format_names() {
  static const std::vector<std::string> names = names_of(kMemoryFormatNames);
  return names;
}
std::optional<MemoryFormat> parse_memory_format(std::string_view text) {
  return parse(kMemoryFormatNames, text);
}
std::optional<AmpMode> parse_amp_mode(std::string_view text) {
  return parse(kAmpNames, text);
}
std::optional<OptimizerKind> parse_optimizer_kind(std::string_view text) {
  const OptimizerSpec* spec = find_optimizer_spec(text);
  if (spec == nullptr) return std::nullopt;
  return spec->kind;
}
std::optional<LrSchedule> parse_lr_schedule(std::string_view text) {
  return parse(kScheduleNames, text);
}

MemoryFormatRule memory_format_rule(MemoryFormat format, bool on_cuda, AmpMode amp,
                                    const ConvolutionWork& work) {
  using Reason = MemoryFormatRule::Reason;
  if (format != MemoryFormat::Auto) return {format == MemoryFormat::ChannelsLast, Reason::Asked};
  if (!work.any) return {false, Reason::NoConvolutions};
  const bool mixed = amp == AmpMode::Fp16 || amp == AmpMode::Bf16;
  if (!on_cuda) {
    if (mixed || work.mostly_wide) return {true, Reason::CpuOneDnn};
    return {false, Reason::CpuNarrowFp32};
  }
  return {mixed, mixed ? Reason::GpuMixedPrecision : Reason::GpuFp32};
}

bool is_valid_device(std::string_view text) {
  return parse_device(text).has_value();
}

std::optional<DeviceChoice> parse_device(std::string_view text) {
  if (text == "auto") return DeviceChoice{DeviceChoice::Kind::Auto, 0};
  if (text == "cpu") return DeviceChoice{DeviceChoice::Kind::Cpu, 0};
  if (text == "cuda") return DeviceChoice{DeviceChoice::Kind::Cuda, 0};
  if (!text.starts_with("cuda:") || text.size() == 5 || text.size() > 8) return std::nullopt;
  int index = 0;
  for (char ch : text.substr(5)) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) return std::nullopt;
    index = index * 10 + (ch - '0');
  }
  return DeviceChoice{DeviceChoice::Kind::Cuda, index};
}

std::string to_string(const DeviceChoice& choice) {
  switch (choice.kind) {
    case DeviceChoice::Kind::Auto:
      return "auto";
    case DeviceChoice::Kind::Cpu:
      return "cpu";
    case DeviceChoice::Kind::Cuda:
      return "cuda:" + std::to_string(choice.index);
  }
  return "auto";
}

}  // namespace convstudio
