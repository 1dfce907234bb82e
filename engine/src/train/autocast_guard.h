#pragma once
// Mixed precision for the scope of one forward pass, as `with torch.autocast(...)` does in
// Python: enabled on the training thread only, nesting counted, the cast cache cleared on exit.

#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include "convstudio/model/training_settings.h"

namespace convstudio {

class AutocastGuard {
 public:
  AutocastGuard(const torch::Device& device, AmpMode amp) : device_type_(device.type()) {
    if (amp == AmpMode::Off) return;
    active_ = true;
    previous_enabled_ = at::autocast::is_autocast_enabled(device_type_);
    previous_dtype_ = at::autocast::get_autocast_dtype(device_type_);
    at::autocast::set_autocast_dtype(device_type_,
                                     amp == AmpMode::Fp16 ? at::kHalf : at::kBFloat16);
    at::autocast::set_autocast_enabled(device_type_, true);
    at::autocast::increment_nesting();
  }
  ~AutocastGuard() {
    if (!active_) return;
    if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
    at::autocast::set_autocast_enabled(device_type_, previous_enabled_);
    at::autocast::set_autocast_dtype(device_type_, previous_dtype_);
  }
  AutocastGuard(const AutocastGuard&) = delete;
  AutocastGuard& operator=(const AutocastGuard&) = delete;

 private:
  c10::DeviceType device_type_;
  bool active_ = false;
  bool previous_enabled_ = false;
  at::ScalarType previous_dtype_ = at::kFloat;
};

}  // namespace convstudio
