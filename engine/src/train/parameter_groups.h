#pragma once
// What the optimizer steps and how fast: the optimizer over the model's trainable parameters in
// its groups (group 0 the blocks new to the model; a second group for the blocks that came from
// start weights, at the rate × the pretrained multiplier, when that is not 1), and the
// learning-rate schedule that sets every group's rate before each step. Internal (LibTorch).

#include <torch/torch.h>

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "convstudio/model/training_settings.h"
#include "lr_schedule.h"
#include "nn/graph_module.h"
#include "run_log.h"

namespace convstudio {

class ParameterGroups {
 public:
  // The optimizer the settings ask for; `pretrained` are the blocks start weights filled.
  void build(GraphModule& model, const TrainingSettings& settings, std::set<std::string> pretrained,
             RunLog& log);
  // A checkpoint's groups (its pretrained blocks and multiplier, from its config), so the
  // optimizer state it holds fits: the run keeps the groups it started with.
  void restore(const nlohmann::json& config, GraphModule& model, const TrainingSettings& settings,
               RunLog& log);
  // The schedule over `total_steps` optimizer steps.
  void plan_schedule(const TrainingSettings& settings, std::int64_t total_steps,
                     std::int64_t steps_per_epoch);

  // Sets every group's rate for the coming step; returns the schedule's rate.
  double apply_schedule();
  // After the step, skipped ones included.
  void advance_schedule() { schedule_->advance(); }

  torch::optim::Optimizer& optimizer() { return *optimizer_; }
  LearningRateSchedule& schedule() { return *schedule_; }
  // Every parameter the optimizer steps, group after group.
  std::vector<torch::Tensor> stepped_parameters() const;
  const std::set<std::string>& pretrained_blocks() const { return pretrained_blocks_; }
  double pretrained_lr_multiplier() const { return pretrained_lr_multiplier_; }

 private:
  void build_optimizer(GraphModule& model, const TrainingSettings& settings, RunLog& log);

  std::unique_ptr<torch::optim::Optimizer> optimizer_;
  std::set<std::string> pretrained_blocks_;  // blocks whose weights came from start_weights
  double pretrained_lr_multiplier_ = 1;      // the multiplier this run applies
  std::vector<double> group_lr_scales_;      // per optimizer parameter group, × the schedule
  std::unique_ptr<LearningRateSchedule> schedule_;
};

}  // namespace convstudio
