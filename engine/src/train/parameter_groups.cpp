#include "parameter_groups.h"

#include <algorithm>
#include <sstream>

#include "optimizer_factory.h"
#include "runs/engine_messages.h"

namespace convstudio {
namespace {

LrScheduleKind schedule_kind(LrSchedule schedule) {
  switch (schedule) {
    case LrSchedule::Constant:
      return LrScheduleKind::constant;
    case LrSchedule::Step:
      return LrScheduleKind::step;
    case LrSchedule::Cosine:
      return LrScheduleKind::cosine;
    case LrSchedule::OneCycle:
      return LrScheduleKind::one_cycle;
  }
  return LrScheduleKind::constant;
}

// 0.1 as "0.1", not std::to_string's "0.100000".
std::string short_number(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

// How many blocks have trainable parameters and are (or are not) pretrained.
std::size_t trainable_blocks(GraphModule& model, const std::set<std::string>& pretrained,
                             bool want_pretrained) {
  std::set<std::string> blocks;
  for (const auto& item : model->named_parameters(true)) {
    const std::string id = item.key().substr(0, item.key().find('.'));
    if (item.value().requires_grad() && pretrained.contains(id) == want_pretrained) {
      blocks.insert(id);
    }
  }
  return blocks.size();
}

}  // namespace

void ParameterGroups::build(GraphModule& model, const TrainingSettings& settings,
                            std::set<std::string> pretrained, RunLog& log) {
  pretrained_blocks_ = std::move(pretrained);
  pretrained_lr_multiplier_ = settings.optimizer.pretrained_lr_multiplier;
  build_optimizer(model, settings, log);
}

void ParameterGroups::build_optimizer(GraphModule& model, const TrainingSettings& settings,
                                      RunLog& log) {
  const auto is_pretrained = [this](const std::string& id) {
    return pretrained_blocks_.contains(id);
  };
  std::vector<torch::Tensor> fresh =
      model->trainable_parameters([&](const std::string& id) { return !is_pretrained(id); });
  std::vector<torch::Tensor> pretrained = model->trainable_parameters(is_pretrained);
  group_lr_scales_ = {1.0};
  if (pretrained.empty() || pretrained_lr_multiplier_ == 1) {
    fresh.insert(fresh.end(), pretrained.begin(), pretrained.end());
    optimizer_ = make_optimizer(settings, std::move(fresh));
    return;
  }
  // Group 0 is always the new blocks (possibly none, e.g. a pretrained head left trainable).
  optimizer_ = make_optimizer(settings, std::move(fresh));
  optimizer_->add_param_group(torch::optim::OptimizerParamGroup(
      std::move(pretrained), optimizer_->param_groups()[0].options().clone()));
  group_lr_scales_.push_back(pretrained_lr_multiplier_);
  log.write(LogLevel::Info, {messages::kPretrainedLearningRate,
                             {std::to_string(trainable_blocks(model, pretrained_blocks_, true)),
                              short_number(pretrained_lr_multiplier_),
                              std::to_string(trainable_blocks(model, pretrained_blocks_, false))}});
}

void ParameterGroups::restore(const nlohmann::json& config, GraphModule& model,
                              const TrainingSettings& settings, RunLog& log) {
  // The run keeps the groups it started with, whatever the project says now: the optimizer
  // state in the checkpoint is per group.
  std::set<std::string> blocks;
  if (auto found = config.find("pretrained_blocks"); found != config.end() && found->is_array()) {
    for (const auto& id : *found) {
      if (id.is_string()) blocks.insert(id.get<std::string>());
    }
  }
  double multiplier = 1;
  if (auto found = config.find("pretrained_lr_multiplier");
      found != config.end() && found->is_number()) {
    multiplier = found->get<double>();
  }
  if (blocks == pretrained_blocks_ && multiplier == pretrained_lr_multiplier_) return;
  pretrained_blocks_ = std::move(blocks);
  pretrained_lr_multiplier_ = multiplier;
  build_optimizer(model, settings, log);
}

void ParameterGroups::plan_schedule(const TrainingSettings& settings, std::int64_t total_steps,
                                    std::int64_t steps_per_epoch) {
  LrScheduleConfig schedule;
  schedule.kind = schedule_kind(settings.schedule.kind);
  schedule.base_lr = settings.optimizer.lr;
  schedule.total_steps = total_steps;
  schedule.step_size =
      std::max<std::int64_t>(1, settings.schedule.step_size_epochs * steps_per_epoch);
  schedule.gamma = settings.schedule.step_gamma;
  // A recipe's warm-up is sized for its full run; a shorter one (--max-steps, a small data
  // set) warms up for at most half its steps, so the schedule still has a main phase.
  schedule.warmup_steps = std::min(settings.schedule.warmup_steps, total_steps / 2);
  schedule_ = std::make_unique<LearningRateSchedule>(schedule);
}

double ParameterGroups::apply_schedule() {
  const double lr = schedule_->current_lr();
  schedule_->apply(*optimizer_, group_lr_scales_);
  return lr;
}

std::vector<torch::Tensor> ParameterGroups::stepped_parameters() const {
  std::vector<torch::Tensor> parameters;
  for (const auto& group : optimizer_->param_groups()) {
    parameters.insert(parameters.end(), group.params().begin(), group.params().end());
  }
  return parameters;
}

}  // namespace convstudio
