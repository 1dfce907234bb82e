#include "convstudio/runs/run_summary_json.h"

#include <cmath>

namespace convstudio {
namespace {

// An unmeasured figure is null, so no reader mistakes it for a measured 0.
nlohmann::json measured(const std::optional<double>& figure) {
  return figure ? nlohmann::json(*figure) : nlohmann::json(nullptr);
}

// One object per class, in class order: its name and scikit-learn's report figures.
nlohmann::json per_class_json(const ClassSummary& classes) {
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t c = 0; c < classes.figures.size(); ++c) {
    const ClassFigures& f = classes.figures[c];
    list.push_back({{"class", c < classes.names.size() ? classes.names[c] : std::to_string(c)},
                    {"precision", f.precision},
                    {"recall", f.recall},
                    {"f1", f.f1},
                    {"support", f.support}});
  }
  return list;
}

// A class in neither truth nor prediction has no IoU: null.
nlohmann::json class_iou_json(const std::vector<double>& class_iou) {
  nlohmann::json list = nlohmann::json::array();
  for (const double iou : class_iou) {
    list.push_back(std::isnan(iou) ? nlohmann::json(nullptr) : nlohmann::json(iou));
  }
  return list;
}

nlohmann::json summary_fields(const RunSummary& s) {
  return {{"epochs", s.epochs},
          {"steps", s.steps},
          {"train_loss", measured(s.train_loss)},
          {"val_loss", measured(s.val_loss)},
          {"val_accuracy", measured(s.val_accuracy)},
          {"val_balanced_accuracy", measured(s.classes.balanced_accuracy)},
          {"val_macro_f1", measured(s.classes.macro_f1)},
          {"per_class", per_class_json(s.classes)},
          {"samples_per_second", measured(s.samples_per_second)},
          {"peak_memory_bytes", s.peak_memory_bytes},
          {"device", s.device},
          {"amp", s.amp},
          {"batch_size", s.batch.size},
          {"accumulate", s.batch.accumulate},
          {"effective_batch_size", s.batch.effective_size},
          {"skipped_steps", s.loss_scaling.skipped_steps},
          {"loss_scale", measured(s.loss_scaling.scale)},
          {"loss_scale_growths", s.loss_scaling.growths},
          {"loss_scale_backoffs", s.loss_scaling.backoffs},
          {"macs_per_sample", s.compute.macs_per_sample},
          {"flops_per_sample", s.compute.flops_per_sample},
          {"achieved_flops", measured(s.compute.achieved_flops)},
          {"peak_flops", measured(s.compute.peak_flops)},
          {"utilisation", measured(s.compute.utilisation)},
          {"loader_stall_share", s.loader_stall_share},
          {"bookkeeping_share", measured(s.bookkeeping_share)},
          {"world_size", s.data_parallel.world_size},
          {"allreduce_wait_share", measured(s.data_parallel.allreduce_wait_share)},
          {"state", to_string(s.state)},
          {"last_checkpoint", s.checkpoints.last},
          {"best_checkpoint", s.checkpoints.best},
          {"error", s.error ? s.error->describe() : std::string()}};
}

}  // namespace

nlohmann::json run_summary_json(const RunSummary& s) {
  nlohmann::json json = summary_fields(s);
  // Segmentation's figures only where a segmentation run measured them: a classification
  // run's summary keeps its keys.
  if (s.segmentation.mean_iou) {
    json["val_mean_iou"] = *s.segmentation.mean_iou;
    json["best_val_mean_iou"] = measured(s.segmentation.best_mean_iou);
    json["val_class_iou"] = class_iou_json(s.segmentation.class_iou);
  }
  return json;
}

}  // namespace convstudio
