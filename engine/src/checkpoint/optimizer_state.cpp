#include "optimizer_state.h"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "io/safetensors_io.h"

namespace convstudio {
namespace {

constexpr char kMetadataKey[] = "convstudio.optimizer";
constexpr char kFormat[] = "convstudio-optimizer";

Error failure(const std::string& source, const std::string& what) {
  // The first line says what went wrong; the rest is LibTorch's context.
  return Error::in_file(source, "cannot restore the optimizer (a different optimizer or model?): " +
                                    what.substr(0, what.find('\n')));
}

std::string kind_of(const torch::optim::Optimizer& optimizer) {
  if (dynamic_cast<const torch::optim::AdamW*>(&optimizer)) return "adamw";
  if (dynamic_cast<const torch::optim::Adam*>(&optimizer)) return "adam";
  if (dynamic_cast<const torch::optim::SGD*>(&optimizer)) return "sgd";
  throw std::logic_error("no safetensors form for this optimizer");
}

std::string prefix_of(std::size_t group, std::size_t param) {
  return std::to_string(group) + "." + std::to_string(param) + ".";
}

void put(SafetensorsContent& content, const std::string& name, const torch::Tensor& tensor) {
  if (tensor.defined()) content.tensors[name] = tensor.detach();
}

// Adam and AdamW keep the same four things per parameter.
template <class State>
void save_adam_like(const State& state, const std::string& prefix, SafetensorsContent& content,
                    nlohmann::json& steps) {
  steps[prefix] = state.step();
  put(content, prefix + "exp_avg", state.exp_avg());
  put(content, prefix + "exp_avg_sq", state.exp_avg_sq());
  put(content, prefix + "max_exp_avg_sq", state.max_exp_avg_sq());
}

}  // namespace

std::string save_optimizer_state(const torch::optim::Optimizer& optimizer) {
  SafetensorsContent content;
  const std::string kind = kind_of(optimizer);
  nlohmann::json steps = nlohmann::json::object();
  nlohmann::json learning_rates = nlohmann::json::array();
  const auto& states = optimizer.state();
  const auto& groups = optimizer.param_groups();
  for (std::size_t g = 0; g < groups.size(); ++g) {
    learning_rates.push_back(groups[g].options().get_lr());
    const auto& params = groups[g].params();
    for (std::size_t p = 0; p < params.size(); ++p) {
      auto found = states.find(params[p].unsafeGetTensorImpl());
      if (found == states.end()) continue;  // not stepped yet
      const std::string prefix = prefix_of(g, p);
      if (kind == "sgd") {
        put(content, prefix + "momentum_buffer",
            static_cast<const torch::optim::SGDParamState&>(*found->second).momentum_buffer());
      } else if (kind == "adam") {
        save_adam_like(static_cast<const torch::optim::AdamParamState&>(*found->second), prefix,
                       content, steps);
      } else {
        save_adam_like(static_cast<const torch::optim::AdamWParamState&>(*found->second), prefix,
                       content, steps);
      }
    }
  }
  const nlohmann::json meta = {{"format", kFormat},
                               {"version", 1},
                               {"kind", kind},
                               {"learning_rates", learning_rates},
                               {"steps", steps}};
  content.metadata[kMetadataKey] = meta.dump();
  Result<std::string> bytes = encode_safetensors(content, "optimizer state");
  if (!bytes) throw std::runtime_error(bytes.error().describe());
  return std::move(bytes).value();
}

namespace {

Result<nlohmann::json> read_metadata(const SafetensorsContent& content, const std::string& source) {
  auto found = content.metadata.find(kMetadataKey);
  if (found == content.metadata.end()) {
    return Error::in_file(source, std::string("holds no ") + kMetadataKey + " metadata");
  }
  nlohmann::json meta = nlohmann::json::parse(found->second, nullptr, /*allow_exceptions=*/false);
  if (!meta.is_object() || meta.value("format", "") != kFormat || !meta.contains("kind") ||
      !meta["kind"].is_string() || !meta.contains("steps") || !meta["steps"].is_object() ||
      !meta.contains("learning_rates") || !meta["learning_rates"].is_array() ||
      !std::all_of(meta["learning_rates"].begin(), meta["learning_rates"].end(),
                   [](const nlohmann::json& lr) { return lr.is_number(); })) {
    return Error::in_file(source, std::string("its ") + kMetadataKey +
                                      " metadata is not a ConvStudio optimizer state");
  }
  return meta;
}

}  // namespace

std::optional<Error> check_optimizer_state(std::string_view bytes, const std::string& source) {
  Result<SafetensorsContent> content = decode_safetensors(bytes, source);
  if (!content) return content.error();
  Result<nlohmann::json> meta = read_metadata(content.value(), source);
  if (!meta) return meta.error();
  return std::nullopt;
}

std::optional<Error> load_optimizer_state(torch::optim::Optimizer& optimizer,
                                          std::string_view bytes, const std::string& source,
                                          std::optional<torch::Device> device) {
  Result<SafetensorsContent> decoded = decode_safetensors(bytes, source);
  if (!decoded) return decoded.error();
  const SafetensorsContent& content = decoded.value();
  Result<nlohmann::json> read = read_metadata(content, source);
  if (!read) return read.error();
  const nlohmann::json& meta = read.value();
  const std::string kind = kind_of(optimizer);
  if (meta["kind"] != kind) {
    return failure(source, "it holds the state of " + meta["kind"].get<std::string>() +
                               ", the run uses " + kind);
  }
  auto& groups = optimizer.param_groups();
  if (meta["learning_rates"].size() != groups.size()) {
    return failure(source, "it has " + std::to_string(meta["learning_rates"].size()) +
                               " parameter groups, the optimizer " + std::to_string(groups.size()));
  }
  const torch::Device target = device.value_or(torch::kCPU);
  // Every tensor is checked against its parameter before the optimizer is changed at all.
  auto tensor = [&](const std::string& name, const torch::Tensor& param,
                    torch::Tensor& out) -> std::optional<Error> {
    auto found = content.tensors.find(name);
    if (found == content.tensors.end()) return std::nullopt;
    if (!found->second.sizes().equals(param.sizes())) {
      return failure(source, name + " has the wrong shape for its parameter");
    }
    out = found->second.to(target, param.scalar_type());
    return std::nullopt;
  };
  using StatePtr = std::unique_ptr<torch::optim::OptimizerParamState>;
  std::vector<std::pair<void*, StatePtr>> restored;
  const nlohmann::json& steps = meta["steps"];
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const auto& params = groups[g].params();
    for (std::size_t p = 0; p < params.size(); ++p) {
      const std::string prefix = prefix_of(g, p);
      torch::Tensor a, b, c;
      if (kind == "sgd") {
        if (auto error = tensor(prefix + "momentum_buffer", params[p], a)) return error;
        if (!a.defined()) continue;
        auto state = std::make_unique<torch::optim::SGDParamState>();
        state->momentum_buffer(a);
        restored.emplace_back(params[p].unsafeGetTensorImpl(), std::move(state));
        continue;
      }
      if (!steps.contains(prefix)) continue;
      if (!steps[prefix].is_number_integer())
        return failure(source, prefix + "step is not a count");
      if (auto error = tensor(prefix + "exp_avg", params[p], a)) return error;
      if (auto error = tensor(prefix + "exp_avg_sq", params[p], b)) return error;
      if (auto error = tensor(prefix + "max_exp_avg_sq", params[p], c)) return error;
      if (!a.defined() || !b.defined()) return failure(source, prefix + " misses its moments");
      const auto step = steps[prefix].get<std::int64_t>();
      if (kind == "adam") {
        auto state = std::make_unique<torch::optim::AdamParamState>();
        state->step(step).exp_avg(a).exp_avg_sq(b);
        if (c.defined()) state->max_exp_avg_sq(c);
        restored.emplace_back(params[p].unsafeGetTensorImpl(), std::move(state));
      } else {
        auto state = std::make_unique<torch::optim::AdamWParamState>();
        state->step(step).exp_avg(a).exp_avg_sq(b);
        if (c.defined()) state->max_exp_avg_sq(c);
        restored.emplace_back(params[p].unsafeGetTensorImpl(), std::move(state));
      }
    }
  }
  auto& states = optimizer.state();
  states.clear();
  for (auto& [key, state] : restored) states[key] = std::move(state);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    groups[g].options().set_lr(meta["learning_rates"][g].get<double>());
  }
  return std::nullopt;
}

std::optional<Error> load_legacy_optimizer_state(torch::optim::Optimizer& optimizer,
                                                 std::string_view bytes, const std::string& source,
                                                 std::optional<torch::Device> device) {
  try {
    torch::serialize::InputArchive archive;
    archive.load_from(bytes.data(), bytes.size(), device);
    optimizer.load(archive);
  } catch (const c10::Error& error) {
    return failure(source, error.what_without_backtrace());
  } catch (const std::exception& error) {
    return failure(source, error.what());
  }
  return std::nullopt;
}

}  // namespace convstudio
