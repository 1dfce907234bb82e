#include "loss_scaler.h"

#include <map>
#include <stdexcept>

namespace convstudio {

LossScaler::LossScaler(LossScalerOptions options) : options_(options) {
  pending_.scale = options_.init_scale;
}

void LossScaler::ensure_initialised(const torch::Device& device) {
  if (scale_.defined()) return;
  auto on = torch::TensorOptions().device(device);
  scale_ = torch::full({}, pending_.scale, on.dtype(torch::kFloat32));
  growth_tracker_ = torch::full({}, pending_.growth_tracker, on.dtype(torch::kInt32));
}

torch::Tensor LossScaler::scale(const torch::Tensor& loss) {
  if (!enabled()) return loss;
  ensure_initialised(loss.device());
  return loss * scale_.to(loss.device(), /*non_blocking=*/true);
}

void LossScaler::unscale_(torch::optim::Optimizer& optimizer) {
  std::vector<torch::Tensor> params;
  for (const auto& group : optimizer.param_groups()) {
    params.insert(params.end(), group.params().begin(), group.params().end());
  }
  unscale_(params);
}

void LossScaler::unscale_(const std::vector<torch::Tensor>& params) {
  if (!enabled()) return;
  if (!scale_.defined()) {
    throw std::logic_error("LossScaler::unscale_ before any scale(loss): nothing was scaled");
  }
  if (stage_ == Stage::unscaled) {
    throw std::logic_error("LossScaler::unscale_ called twice since the last update()");
  }
  if (stage_ == Stage::stepped) {
    throw std::logic_error("LossScaler::unscale_ called after step() and before update()");
  }

  // The reciprocal in double, as GradScaler does: a float32 one can be off in the last bit.
  torch::Tensor inv_scale = scale_.to(torch::kFloat64).reciprocal().to(torch::kFloat32);

  // The kernel takes grads of one device and dtype at a time; group them in one pass.
  std::map<std::pair<std::string, c10::ScalarType>, std::vector<torch::Tensor>> groups;
  torch::NoGradGuard no_grad;
  for (const auto& param : params) {
    const torch::Tensor& grad = param.grad();
    if (!grad.defined()) continue;
    if (grad.scalar_type() == torch::kHalf) {
      // fp16 master grads lose small values when unscaled; the weights must stay float32.
      throw std::invalid_argument("LossScaler cannot unscale fp16 gradients; keep weights in fp32");
    }
    torch::Tensor target = grad.is_sparse() ? grad._values() : grad;
    groups[{target.device().str(), target.scalar_type()}].push_back(target);
  }

  found_inf_per_device_.clear();
  for (auto& [key, grads] : groups) {
    const torch::Device device = grads.front().device();
    torch::Tensor* found_inf = nullptr;
    for (auto& [dev, flag] : found_inf_per_device_) {
      if (dev == device) found_inf = &flag;
    }
    if (!found_inf) {
      found_inf_per_device_.emplace_back(
          device, torch::zeros({}, torch::TensorOptions().dtype(torch::kFloat32).device(device)));
      found_inf = &found_inf_per_device_.back().second;
    }
    at::_amp_foreach_non_finite_check_and_unscale_(grads, *found_inf,
                                                   inv_scale.to(device, /*non_blocking=*/true));
  }
  if (agree_found_inf_) {
    for (auto& [device, flag] : found_inf_per_device_) agree_found_inf_(flag);
  }
  stage_ = Stage::unscaled;
}

bool LossScaler::found_inf_this_step() const {
  // The one host sync per step, as in GradScaler's _maybe_opt_step.
  double total = 0.0;
  for (const auto& [device, flag] : found_inf_per_device_) total += flag.item<double>();
  return total != 0.0;
}

bool LossScaler::step(torch::optim::Optimizer& optimizer) {
  if (!enabled()) {
    optimizer.step();
    return true;
  }
  if (stage_ == Stage::stepped) {
    throw std::logic_error("LossScaler::step called twice since the last update()");
  }
  if (stage_ == Stage::ready) unscale_(optimizer);
  if (found_inf_per_device_.empty()) {
    throw std::logic_error("LossScaler::step found no gradients: call backward() first");
  }
  stage_ = Stage::stepped;
  if (found_inf_this_step()) {
    ++skipped_steps_;
    return false;
  }
  optimizer.step();
  return true;
}

void LossScaler::update() {
  if (!enabled()) return;
  if (stage_ == Stage::ready || found_inf_per_device_.empty()) {
    throw std::logic_error("LossScaler::update without an unscale_ or step since the last one");
  }
  torch::Tensor found_inf = found_inf_per_device_.front().second.to(scale_.device(), true);
  for (std::size_t i = 1; i < found_inf_per_device_.size(); ++i) {
    found_inf = found_inf + found_inf_per_device_[i].second.to(scale_.device(), true);
  }
  at::_amp_update_scale_(scale_, growth_tracker_, found_inf, options_.growth_factor,
                         options_.backoff_factor, options_.growth_interval);
  found_inf_per_device_.clear();
  stage_ = Stage::ready;
}

void LossScaler::update(double new_scale) {
  if (!enabled()) return;
  if (scale_.defined()) {
    scale_.fill_(new_scale);
  } else {
    pending_.scale = new_scale;
  }
  found_inf_per_device_.clear();
  stage_ = Stage::ready;
}

torch::Tensor LossScaler::unscaled(const torch::Tensor& value) const {
  if (!enabled() || !scale_.defined()) return value;
  return value / scale_.to(value.device(), /*non_blocking=*/true);
}

double LossScaler::current_scale() const {
  if (!enabled()) return 1.0;
  return scale_.defined() ? scale_.item<double>() : pending_.scale;
}

LossScalerState LossScaler::state() const {
  LossScalerState state = pending_;
  if (scale_.defined()) {
    state.scale = scale_.item<double>();
    state.growth_tracker = growth_tracker_.item<std::int64_t>();
  }
  state.skipped_steps = skipped_steps_;
  return state;
}

void LossScaler::load_state(const LossScalerState& state) {
  pending_ = state;
  skipped_steps_ = state.skipped_steps;
  if (scale_.defined()) {
    scale_.fill_(state.scale);
    growth_tracker_.fill_(state.growth_tracker);
  }
  found_inf_per_device_.clear();
  stage_ = Stage::ready;
}

}  // namespace convstudio
