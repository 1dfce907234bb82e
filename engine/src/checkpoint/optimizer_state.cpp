#include "optimizer_state.h"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "io/safetensors_io.h"
#include "optimizers/optimizer_torch.h"

namespace convstudio {
namespace {

constexpr char kMetadataKey[] = "convstudio.optimizer";
constexpr char kFormat[] = "convstudio-optimizer";

Error failure(const std::string& source, const std::string& what) {
  // The first line says what went wrong; the rest is LibTorch's context.
  return Error::in_file(source, "cannot restore the optimizer (a different optimizer or model?): " +
                                    what.substr(0, what.find('\n')));
}

// The optimizer's home (engine/src/optimizers/) says what its state is; the file names it.
const OptimizerSpec& spec_or_throw(const torch::optim::Optimizer& optimizer) {
  const OptimizerSpec* spec = spec_of(optimizer);
  if (spec == nullptr) throw std::logic_error("no safetensors form for this optimizer");
  return *spec;
}

std::string prefix_of(std::size_t group, std::size_t param) {
  return std::to_string(group) + "." + std::to_string(param) + ".";
}

void put(SafetensorsContent& content, const std::string& name, const torch::Tensor& tensor) {
  if (tensor.defined()) content.tensors[name] = tensor.detach();
}

}  // namespace

std::string save_optimizer_state(const torch::optim::Optimizer& optimizer) {
  SafetensorsContent content;
  const OptimizerSpec& spec = spec_or_throw(optimizer);
  const OptimizerTorch& half = optimizer_torch(spec.kind);
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
      const SavedParamState saved = half.save_state(*found->second);
      if (saved.step) steps[prefix] = *saved.step;
      for (const auto& [name, tensor] : saved.tensors) put(content, prefix + name, tensor);
    }
  }
  const nlohmann::json meta = {{"format", kFormat},
                               {"version", 1},
                               {"kind", std::string(spec.name)},
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
  const OptimizerSpec& spec = spec_or_throw(optimizer);
  const OptimizerTorch& half = optimizer_torch(spec.kind);
  const std::string kind(spec.name);
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
      SavedParamState saved;
      if (steps.contains(prefix)) {
        if (!steps[prefix].is_number_integer()) {
          return failure(source, prefix + "step is not a count");
        }
        saved.step = steps[prefix].get<std::int64_t>();
      }
      for (const std::string& name : half.state_tensors) {
        torch::Tensor value;
        if (auto error = tensor(prefix + name, params[p], value)) return error;
        if (value.defined()) saved.tensors[name] = value;
      }
      RestoredParamState state = half.load_state(std::move(saved), groups[g].options());
      if (!state.problem.empty()) return failure(source, prefix + " " + state.problem);
      if (state.state)
        restored.emplace_back(params[p].unsafeGetTensorImpl(), std::move(state.state));
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
