#include "lr_schedule.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace convstudio {
namespace {

// PyTorch's _annealing_cos: from `start` at pct 0 to `end` at pct 1 along half a cosine.
double cosine_anneal(double start, double end, double pct) {
  return end + (start - end) / 2.0 * (std::cos(std::numbers::pi * pct) + 1.0);
}

}  // namespace

std::optional<std::string> lr_schedule_config_problem(const LrScheduleConfig& config) {
  std::optional<std::string> problem;
  const auto check = [&problem](bool ok, const char* message) {
    if (!ok && !problem) problem = std::string("learning-rate schedule: ") + message;
  };
  check(config.base_lr >= 0.0, "base lr must not be negative");
  check(config.warmup_steps >= 0, "warm-up steps must not be negative");
  check(config.warmup_start_factor >= 0.0 && config.warmup_start_factor <= 1.0,
        "warm-up start factor must be between 0 and 1");
  const std::int64_t main_steps = config.total_steps - config.warmup_steps;
  switch (config.kind) {
    case LrScheduleKind::constant:
      break;
    case LrScheduleKind::step:
      check(config.step_size > 0, "step size must be positive");
      break;
    case LrScheduleKind::cosine:
      check(main_steps > 0, "cosine needs total steps greater than the warm-up steps");
      break;
    case LrScheduleKind::one_cycle:
      check(main_steps > 0, "one-cycle needs total steps greater than the warm-up steps");
      check(config.pct_start > 0.0 && config.pct_start < 1.0,
            "one-cycle pct_start must be between 0 and 1");
      check(config.div_factor > 0.0 && config.final_div_factor > 0.0,
            "one-cycle divide factors must be positive");
      break;
  }
  return problem;
}

LearningRateSchedule::LearningRateSchedule(LrScheduleConfig config) : config_(config) {
  if (auto problem = lr_schedule_config_problem(config_)) throw std::invalid_argument(*problem);
}

double LearningRateSchedule::lr(std::int64_t step) const {
  step = std::max<std::int64_t>(step, 0);
  const std::int64_t warmup = config_.warmup_steps;
  if (step < warmup) {
    // LinearLR: base * (start + (1 - start) * t / T).
    const double start = config_.warmup_start_factor;
    return config_.base_lr * (start + (1.0 - start) * static_cast<double>(step) / warmup);
  }
  return main_lr(step - warmup);
}

double LearningRateSchedule::main_lr(std::int64_t step) const {
  const double base = config_.base_lr;
  const std::int64_t total = config_.total_steps - config_.warmup_steps;
  switch (config_.kind) {
    case LrScheduleKind::constant:
      return base;
    case LrScheduleKind::step:
      return base * std::pow(config_.gamma, static_cast<double>(step / config_.step_size));
    case LrScheduleKind::cosine: {
      const double pct = static_cast<double>(std::min(step, total)) / total;
      return cosine_anneal(base, config_.min_lr, pct);
    }
    case LrScheduleKind::one_cycle:
      return one_cycle_lr(step, total);
  }
  return base;
}

// OneCycleLR.get_lr with three_phase=False and anneal_strategy='cos'.
double LearningRateSchedule::one_cycle_lr(std::int64_t step, std::int64_t total) const {
  const double max_lr = config_.base_lr;
  const double initial_lr = max_lr / config_.div_factor;
  const double min_lr = initial_lr / config_.final_div_factor;
  const double warm_end = config_.pct_start * static_cast<double>(total) - 1.0;
  const double last = static_cast<double>(total) - 1.0;
  const double t = static_cast<double>(std::min(step, total - 1));
  if (t <= warm_end) return cosine_anneal(initial_lr, max_lr, t / warm_end);
  return cosine_anneal(max_lr, min_lr, (t - warm_end) / (last - warm_end));
}

void LearningRateSchedule::apply(torch::optim::Optimizer& optimizer,
                                 const std::vector<double>& group_scales) const {
  const double value = current_lr();
  auto& groups = optimizer.param_groups();
  for (std::size_t g = 0; g < groups.size(); ++g) {
    groups[g].options().set_lr(g < group_scales.size() ? value * group_scales[g] : value);
  }
}

void LearningRateSchedule::load_state(const LrScheduleState& state) {
  *this = LearningRateSchedule(state.config);
  step_ = state.step;
}

}  // namespace convstudio
