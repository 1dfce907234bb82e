#pragma once
// The optimizers as a registry, the way LibTorch's own optimizer classes each own their options
// and state: each optimizer's name in project files and the CLI, its editor texts, the training
// settings it reads and the memory its state takes. Every optimizer lives in
// engine/src/optimizers/<home>/ and is registered by one line in engine/src/optimizers/
// optimizers.def; the setting table, the CLI, the settings check, the memory estimate and the
// studio's editor ask this registry and never switch on an optimizer themselves. The LibTorch
// half (building it, its checkpoint state) is the engine's (engine/src/optimizers/
// optimizer_torch.h). An optimizer's OptimizerKind is its position in the registry.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/model/training_settings.h"

namespace convstudio {

// The translation context of the optimizers' editor texts in translations/*.ts.
inline constexpr const char* kOptimizerTextContext = "Optimizer";

struct OptimizerSpec {
  OptimizerKind kind = OptimizerKind::Sgd;  // its position, set by the registry
  std::string_view name;                    // in project files, --optimizer, run summaries: "adamw"

  // English, marked QT_TRANSLATE_NOOP("Optimizer", ...); the widgets translate them.
  const char* label = "";    // the editor's choice: "AdamW"
  const char* tooltip = "";  // what it does, and which settings it reads

  // The training settings it reads besides the learning rate, by their keys in the setting table
  // ("momentum", "nesterov", "weight_decay"): the editor enables their fields, the settings check
  // warns where one that it ignores is set.
  std::vector<std::string_view> settings;
  // A warning shown when weight decay is set (an "EngineMessages" pattern); nullptr for none.
  const char* weight_decay_warning = nullptr;

  // The bytes of state it keeps per trained parameter with these settings (fp32 buffers: 4 per
  // tensor of the parameter's shape), for the memory estimate.
  std::int64_t (*state_bytes_per_parameter)(const OptimizerSettings& settings) = nullptr;

  bool uses(std::string_view setting) const;
};

// Every optimizer in optimizers.def order, which is the editor's order.
const std::vector<OptimizerSpec>& optimizer_specs();
// The first optimizer for a kind outside the registry.
const OptimizerSpec& optimizer_spec(OptimizerKind kind);
// nullptr when no optimizer has that name.
const OptimizerSpec* find_optimizer_spec(std::string_view name);

}  // namespace convstudio
