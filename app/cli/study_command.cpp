#include "study_command.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "byte_size.h"
#include "convstudio/model/project_file.h"
#include "convstudio/runs/run_comparison.h"
#include "convstudio/runs/run_history.h"
#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/study_plan.h"
#include "convstudio/runs/study_trials.h"
#include "convstudio/runs/sweep.h"
#include "exit_codes.h"
#include "queued_run_training.h"
#include "setting_flags.h"
#include "study_fold_report.h"
#include "study_trial_training.h"

namespace convstudio::cli {
namespace {

struct StudyOptions {
  std::string file;
  std::string sampler = "tpe";
  std::int64_t trials = 0;
  std::vector<std::string> params;  // "lr=log:1e-4..1", one per --param
  std::string max_params, max_macs, max_memory;
  bool resume = false;
  KFoldOptions kfold;         // --kfold K [--stratified] [--refit]
  SettingFlags shared;        // --epochs, --max-steps, --device, --seed: every trial of a new study
  StudyPruningFlags pruning;  // --prune…, --max-minutes
};

// "1000", "250k", "1.5M", "2G": a count in thousands, millions, billions.
std::optional<std::int64_t> parse_count(const std::string& text) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  const std::string unit = text.substr(used);
  if (unit == "k" || unit == "K") {
    value *= 1e3;
  } else if (unit == "M" || unit == "m") {
    value *= 1e6;
  } else if (unit == "G" || unit == "g") {
    value *= 1e9;
  } else if (!unit.empty()) {
    return std::nullopt;
  }
  if (!(value > 0) || value > 9e18) return std::nullopt;
  return static_cast<std::int64_t>(std::llround(value));
}

// The study's plan from the flags, saved; nullopt after printing why not.
std::optional<StudyPlan> new_study(const StudyOptions& o, const Project& project) {
  StudyPlan plan;
  bool bad = false;
  for (const std::string& text : o.params) {
    Result<StudySpace> space = parse_study_space(text);
    if (space) {
      plan.spaces.push_back(std::move(space).value());
    } else {
      std::cerr << "error: --param " << text << ": " << space.error().describe() << "\n";
      bad = true;
    }
  }
  for (std::size_t a = 0; a < plan.spaces.size(); ++a) {
    for (std::size_t b = 0; b < a; ++b) {
      if (plan.spaces[a].setting == plan.spaces[b].setting) {
        std::cerr << "error: --param " << o.params[a] << ": " << plan.spaces[a].setting
                  << " is searched twice\n";
        bad = true;
      }
    }
  }
  plan.sampler = parse_study_sampler(o.sampler).value_or(StudySampler::Tpe);
  plan.trials = o.trials;
  if (o.kfold.folds > 0) apply_kfold_options(plan, o.kfold, std::max<std::int64_t>(o.trials, 1));
  auto limit = [&](const std::string& text, const char* flag, auto parse,
                   std::optional<std::int64_t>& into) {
    if (text.empty()) return;
    into = parse(text);
    if (!into) {
      std::cerr << "error: " << flag << " " << text << ": expected a number such as 1000, 250k, "
                << (std::string(flag) == "--max-memory" ? "512M or 2G" : "1.5M or 2G") << "\n";
      bad = true;
    }
  };
  limit(o.max_params, "--max-params", parse_count, plan.constraints.max_params);
  limit(o.max_macs, "--max-macs", parse_count, plan.constraints.max_macs);
  limit(o.max_memory, "--max-memory", parse_byte_size, plan.constraints.max_memory_bytes);
  plan.base = project;
  const std::vector<Error> refused = o.shared.apply_to(plan.base);
  for (const Error& error : refused) std::cerr << "error: " << error.describe() << "\n";
  for (const std::string& problem : o.pruning.apply_to(plan)) {
    std::cerr << "error: " << problem << "\n";
    bad = true;
  }
  if (bad || !refused.empty()) return std::nullopt;
  // The trials' training seed is the sampler's too: one number repeats the whole study.
  plan.seed = static_cast<std::uint64_t>(plan.base.training.seed);
  Result<RunQueue> queue = load_run_queue(o.file);
  if (!queue) {
    std::cerr << "error: " << queue.error().describe() << "\n";
    return std::nullopt;
  }
  plan.id = "study-" + new_sweep_id(queue.value());
  if (auto error = save_study_plan(study_plan_file(o.file, plan.id), plan)) {
    std::cerr << "error: " << error->describe() << "\n";
    return std::nullopt;
  }
  return plan;
}

// Draws trial `number` and either refuses it or queues it; false after printing why not.
bool draw_trial(const std::string& file, StudyPlan& plan, std::int64_t number) {
  DrawnStudyTrial drawn = draw_next_study_trial(plan);
  if (!refuse_slow_trial(file, plan, drawn)) return false;
  StudyTrial& trial = drawn.trial;
  if (trial.state == StudyTrialState::Failed) {
    std::cerr << "trial " << number + 1 << " failed: " << trial.refusal << "\n";
  } else if (trial.state == StudyTrialState::Refused) {
    std::cerr << "trial " << number + 1 << " (" << trial.label << ") refused: " << trial.refusal
              << "\n";
  } else if (!update_run_queue(file, [&](RunQueue& q) {
               trial.queue_id = add_to_queue(q, {std::move(*drawn.run)}).front();
             })) {
    return false;
  }
  plan.drawn.push_back(std::move(trial));
  return true;
}

// Trains the queued trial `trial` (or reads how it ended, when `sweep --resume` trained it);
// false when Ctrl+C stopped it or the queue could not be written.
bool train_trial(const std::string& file, StudyPlan& plan, std::size_t index, int& exit_code) {
  StudyTrial& trial = plan.drawn[index];
  Result<RunQueue> queue = load_run_queue(file);
  if (!queue) {
    std::cerr << "error: " << queue.error().describe() << "\n";
    exit_code = kExitUsageError;
    return false;
  }
  const QueuedRun* entry = find_queued_run(queue.value(), trial.queue_id);
  if (entry == nullptr) {  // removed from the queue by hand: it will not train
    record_study_trial_end(trial, std::nullopt, "");
    return true;
  }
  QueuedRunState state = entry->state;
  std::string run_folder = entry->run_folder;
  if (state == QueuedRunState::Queued || state == QueuedRunState::Running) {
    const QueuedRunOutcome outcome = train_study_trial(file, plan, index, queue.value(), *entry);
    if (!outcome.queue_written) {
      exit_code = kExitFailure;
      return false;
    }
    if (outcome.trained.exit_code != kExitOk) exit_code = outcome.trained.exit_code;
    state = outcome.state;
    run_folder = outcome.run_folder;
  }
  if (state == QueuedRunState::Queued) return false;  // stopped by Ctrl+C: resumes later
  record_study_trial_end(trial, state, run_folder);
  return true;
}

std::string score_text(const std::optional<double>& score) {
  if (!score) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", *score);
  return text;
}

// The trials' table on stderr, the best trial's settings written as a project file beside the
// project and as one JSON line on stdout.
int report_study(const std::string& file, const StudyPlan& plan) {
  std::fprintf(stderr, "\n%-6s %-10s %-9s %s\n", "trial", "state", "best acc", "settings");
  for (std::size_t i = 0; i < plan.drawn.size(); ++i) {
    const StudyTrial& trial = plan.drawn[i];
    std::fprintf(stderr, "%-6zu %-10s %-9s %s%s%s\n", i + 1, to_string(trial.state).c_str(),
                 score_text(trial.score).c_str(), study_trial_title(plan, i).c_str(),
                 trial.refusal.empty() ? "" : " — ", trial.refusal.c_str());
  }
  const std::optional<std::size_t> best_index = best_study_trial(plan);
  if (!best_index) {
    std::cerr << "no trial finished with a validation accuracy: no best settings to write\n";
    return kExitFailure;
  }
  const StudyTrial* best = &plan.drawn[*best_index];
  const auto best_number = static_cast<std::int64_t>(*best_index) + 1;
  Result<Project> project = study_trial_project(plan, *best_index);
  if (!project) {
    std::cerr << "error: " << project.error().describe() << "\n";
    return kExitFailure;
  }
  const std::filesystem::path path = best_study_project_file(file, plan.id);
  if (auto error = ProjectFile::save(project.value(), path)) {
    std::cerr << "error: " << error->describe() << "\n";
    return kExitFailure;
  }
  std::cerr << "best: trial " << best_number << " ("
            << (best->label.empty() ? "the project's own settings" : best->label)
            << "), best validation "
            << "accuracy " << score_text(best->score) << "; its settings are in " << path.string()
            << "\n";
  nlohmann::ordered_json line{{"study", plan.id},
                              {"best_trial", best_number},
                              {"label", best->label},
                              {"best_val_accuracy", *best->score},
                              {"project", path.string()}};
  report_study_folds(file, plan, line);
  std::cout << line.dump() << std::endl;
  return kExitOk;
}

// Whether the flags start a new study (true) or resume one (false); nullopt after printing why
// they do neither.
std::optional<bool> starts_new_study(const StudyOptions& o) {
  if (auto problem = kfold_flags_problem(o.kfold)) {
    std::cerr << "error: " << *problem << "\n";
    return std::nullopt;
  }
  const bool new_one = !o.params.empty() || o.trials > 0 || o.kfold.folds > 0;
  // --kfold K alone cross-validates the project's own settings: no --param, no --trials.
  const bool searches = !o.params.empty() || o.trials > 0 || o.kfold.folds == 0;
  if (new_one == o.resume) {
    std::cerr << "error: give --trials N and --param SETTING=SPACE… to start a study, or --resume "
                 "to continue the unfinished one (not both)\n";
    return std::nullopt;
  }
  if (new_one && searches && (o.params.empty() || o.trials < 1)) {
    std::cerr << "error: a new study needs --trials N (N ≥ 1) and at least one --param\n";
    return std::nullopt;
  }
  if (o.resume &&
      (o.shared.any_given() || !o.max_params.empty() || !o.max_macs.empty() ||
       !o.max_memory.empty() || o.pruning.any_given() || o.kfold.stratified || o.kfold.refit)) {
    std::cerr << "error: --resume continues the study as it was started; its flags cannot "
                 "change\n";
    return std::nullopt;
  }
  return new_one;
}

// The new study's plan (saved), or the unfinished one's; nullopt after printing why not.
std::optional<StudyPlan> study_to_run(const StudyOptions& o, bool new_one) {
  ProjectLoadResult loaded = ProjectFile::load(o.file);
  if (!loaded.ok()) {
    for (const Error& error : loaded.errors) std::cerr << "error: " << error.describe() << "\n";
    return std::nullopt;
  }
  if (new_one) {
    std::optional<StudyPlan> plan = new_study(o, *loaded.project);
    if (!plan) return std::nullopt;
    const std::string pruning = pruning_summary(plan->pruner);
    std::cerr << "study " << plan->id << ": " << plan->trials << " " << to_string(plan->sampler)
              << " trials, seed " << plan->seed << (pruning.empty() ? "" : ", ") << pruning << "\n";
    return plan;
  }
  const std::optional<std::string> id = unfinished_study(o.file);
  if (!id) {
    std::cerr << "error: " << o.file << " has no unfinished study to resume\n";
    return std::nullopt;
  }
  Result<StudyPlan> read = load_study_plan(study_plan_file(o.file, *id));
  if (!read) {
    std::cerr << "error: " << read.error().describe() << "\n";
    return std::nullopt;
  }
  std::cerr << "resuming study " << read.value().id << " at trial " << read.value().drawn.size()
            << " of " << read.value().trials << "\n";
  return std::move(read).value();
}

int run_study(const StudyOptions& o) {
  const std::optional<bool> new_one = starts_new_study(o);
  if (!new_one) return kExitUsageError;
  std::optional<StudyPlan> plan = study_to_run(o, *new_one);
  if (!plan) return kExitUsageError;
  if (!update_run_queue(o.file, [](RunQueue& q) { q.paused = false; })) return kExitFailure;
  const std::filesystem::path plan_file = study_plan_file(o.file, plan->id);
  auto save = [&] {
    if (auto error = save_study_plan(plan_file, *plan)) {
      std::cerr << "error: " << error->describe() << "\n";
      return false;
    }
    return true;
  };
  int exit_code = kExitOk;
  const InterruptCatcher catcher;
  for (std::int64_t number = 0; number < plan->trials && !InterruptCatcher::requested(); ++number) {
    if (number == static_cast<std::int64_t>(plan->drawn.size())) {
      // Saved before it trains, so a resumed study trains this trial rather than drawing anew.
      if (!draw_trial(o.file, *plan, number) || !save()) return kExitFailure;
    }
    StudyTrial& trial = plan->drawn[static_cast<std::size_t>(number)];
    if (trial.state != StudyTrialState::Queued) continue;
    const bool ended = train_trial(o.file, *plan, static_cast<std::size_t>(number), exit_code);
    if (!save()) return kExitFailure;
    if (!ended) break;
    std::cerr << "trial " << number + 1 << " ("
              << study_trial_title(*plan, static_cast<std::size_t>(number))
              << "): " << to_string(trial.state) << ", best validation accuracy "
              << score_text(trial.score) << "\n";
  }
  if (!plan->complete()) {
    std::cerr << "stopped: `convstudio-cli study " << o.file
              << " --resume` continues the study (a stopped trial from its checkpoint)\n";
    return exit_code == kExitOk ? kExitFailure : exit_code;
  }
  const int reported = report_study(o.file, *plan);
  return exit_code == kExitOk ? reported : exit_code;
}

}  // namespace

void add_study_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<StudyOptions>();
  auto* c = app.add_subcommand(
      "study",
      "Search the project's settings: --trials N drawn by --sampler random or tpe from each "
      "--param space (lr=log:1e-4..1, batch_size=32,64,128, epochs=int:2..8, momentum=0.8..0.99), "
      "trained one after another through the run queue. Trials over --max-params, --max-macs or "
      "--max-memory are refused before they train, as are those whose time estimate is over "
      "--max-minutes; --prune asha|median stops weak trials at validation points (kept, shown "
      "pruned). Ctrl+C stops the trial (its checkpoint kept); "
      "--resume continues. The best trial's settings are written as PROJECT.STUDY.best.convstudio");
  c->add_option("file", o->file, "Project file (*.convstudio)")
      ->required()
      ->check(CLI::ExistingFile);
  c->add_option("--sampler", o->sampler, "random or tpe (default; its first 10 trials are random)")
      ->check(CLI::IsMember({"random", "tpe"}));
  c->add_option("--trials", o->trials, "How many trials to draw")->check(CLI::PositiveNumber);
  c->add_option(
       "--param", o->params,
       "SETTING=SPACE, repeatable: LOW..HIGH, log:LOW..HIGH, int:LOW..HIGH or "
       "A,B,C. Settings: " +
           [] {
             std::string names;
             for (const std::string& name : sweepable_settings()) {
               names += (names.empty() ? "" : ", ") + name;
             }
             return names;
           }())
      ->allow_extra_args(false);
  c->add_option("--max-params", o->max_params, "Refuse trials with more parameters (250k, 1.5M)");
  c->add_option("--max-macs", o->max_macs, "Refuse trials with more MACs per sample (300M, 2G)");
  c->add_option("--max-memory", o->max_memory,
                "Refuse trials whose training memory estimate is larger (512M, 2G)");
  o->pruning.add(c);
  c->add_option("--kfold", o->kfold.folds,
                "k-fold cross-validation: every drawn setting trains K trials, each validating on "
                "one fold of the training data (the test set is not used); its score is the mean "
                "of the folds' best validation accuracy. Without --param and --trials: "
                "cross-validate the project's own settings")
      ->check(CLI::Range(2, 1000));
  c->add_flag("--stratified", o->kfold.stratified,
              "With --kfold: every fold holds each class within ±1 of its share");
  c->add_flag("--refit", o->kfold.refit,
              "With --kfold: then train the best setting once more on the project's own "
              "validation split (all the training data where it validates on a test set)");
  c->add_flag("--resume", o->resume,
              "Continue the project's unfinished study: a stopped trial from its checkpoint, then "
              "the trials not yet drawn, as the uninterrupted study would have drawn them");
  o->shared.add(c, "epochs", "Epochs of every trial");
  o->shared.add(c, "max_steps", "Stop every trial after this many steps");
  o->shared.add(c, "validate_every_steps", "Validate every trial also every this many steps");
  o->shared.add(c, "device", "auto, cpu, cuda or cuda:K");
  o->shared.add(c, "seed", "Random seed of the sampler and of every trial's training");
  c->callback([o, &exit_code] { exit_code = run_study(*o); });
}

}  // namespace convstudio::cli
