#include "study_fold_report.h"

#include <cstdio>
#include <iostream>

#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/study_fold_groups.h"

namespace convstudio::cli {
namespace {

std::string mean_text(const MeanAndSpread& figure) {
  if (figure.count == 0) return "-";
  char text[48];
  std::snprintf(text, sizeof text, "%.4f ± %.4f", figure.mean, figure.std);
  return text;
}

nlohmann::ordered_json mean_json(const MeanAndSpread& figure) {
  if (figure.count == 0) return nullptr;
  return {{"mean", figure.mean}, {"std", figure.std}};
}

nlohmann::ordered_json optional_json(const std::optional<double>& value) {
  return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

}  // namespace

std::optional<std::string> kfold_flags_problem(const KFoldOptions& options) {
  if (options.folds == 0 && (options.stratified || options.refit)) {
    return "--stratified and --refit go with --kfold K";
  }
  return std::nullopt;
}

void apply_kfold_options(StudyPlan& plan, const KFoldOptions& options, std::int64_t settings) {
  plan.folds = options.folds;
  plan.stratified_folds = options.stratified;
  plan.refit = options.refit;
  plan.trials = study_trial_count(settings, options.folds, options.refit);
}

std::string study_trial_title(const StudyPlan& plan, std::size_t index) {
  const StudyTrial& trial = plan.drawn.at(index);
  std::string note;
  if (trial.fold) {
    note = "fold " + std::to_string(*trial.fold + 1) + " of " + std::to_string(plan.folds);
  } else if (is_refit_trial(plan, index)) {
    note = "refit";
  }
  if (note.empty()) return trial.label;
  return trial.label.empty() ? note : trial.label + ", " + note;
}

void report_study_folds(const std::string& project_file, const StudyPlan& plan,
                        nlohmann::ordered_json& line) {
  if (plan.folds < 2) return;
  Result<RunQueue> queue = load_run_queue(project_file);
  const std::vector<TrialAccuracy> accuracies =
      study_trial_accuracies(plan, queue ? queue.value() : RunQueue{});
  const std::vector<StudyFoldSummary> summaries = summarize_study_folds(plan, accuracies);

  std::fprintf(stderr, "\n%-8s %-6s %-19s %-19s %s\n", "setting", "folds", "final acc (mean±sd)",
               "best acc (mean±sd)", "settings");
  nlohmann::ordered_json groups = nlohmann::ordered_json::array();
  for (std::size_t g = 0; g < summaries.size(); ++g) {
    const StudyFoldSummary& summary = summaries[g];
    const std::string& label = plan.drawn[summary.first].label;
    std::fprintf(stderr, "%-8zu %d/%-4d %-19s %-19s %s\n", g + 1, summary.folds, plan.folds,
                 mean_text(summary.final_val_accuracy).c_str(),
                 mean_text(summary.best_val_accuracy).c_str(), label.c_str());
    groups.push_back({{"setting", g + 1},
                      {"first_trial", summary.first + 1},
                      {"label", label},
                      {"folds", summary.folds},
                      {"final_val_accuracy", mean_json(summary.final_val_accuracy)},
                      {"best_val_accuracy", mean_json(summary.best_val_accuracy)}});
  }
  line["folds"] = plan.folds;
  line["stratified"] = plan.stratified_folds;
  line["groups"] = std::move(groups);
  for (const StudyFoldGroup& group : study_fold_groups(plan)) {
    if (group.first + 1 == line.value("best_trial", std::size_t{0}) && group.mean_score) {
      line["best_val_accuracy"] = *group.mean_score;
      std::cerr << "the best setting's mean best validation accuracy over its " << plan.folds
                << " folds: " << *group.mean_score << "\n";
    }
  }
  if (!plan.drawn.empty() && is_refit_trial(plan, plan.drawn.size() - 1)) {
    const std::size_t index = plan.drawn.size() - 1;
    const StudyTrial& refit = plan.drawn[index];
    std::string run_folder;
    if (queue) {
      for (const QueuedRun& run : queue.value().runs) {
        if (run.id == refit.queue_id) run_folder = run.run_folder;
      }
    }
    std::cerr << "refit (trial " << index + 1 << ", the best setting on the project's own "
              << "validation split): " << to_string(refit.state) << ", run folder "
              << (run_folder.empty() ? "-" : run_folder) << "\n";
    line["refit"] = {{"trial", index + 1},
                     {"state", to_string(refit.state)},
                     {"run_folder", run_folder},
                     {"final_val_accuracy", optional_json(accuracies[index].final_val_accuracy)},
                     {"best_val_accuracy", optional_json(accuracies[index].best_val_accuracy)}};
  }
}

}  // namespace convstudio::cli
